import { describe, expect, it } from 'vitest';
import { DEVICE_CATEGORIES } from '../devices/types.js';
import { ratedWatts, RATED_WATTS, sceneSavingsBodySchema } from './savings.js';

describe('the savings power model', () => {
  it('gives lights and ACs their rated draw and every other category none', () => {
    expect(ratedWatts('light')).toBe(36);
    expect(ratedWatts('ac')).toBe(1000);
    const loads = DEVICE_CATEGORIES.filter((c) => ratedWatts(c) > 0);
    expect(loads.sort()).toEqual(Object.keys(RATED_WATTS).sort());
    expect(ratedWatts('pirSensor')).toBe(0);
    expect(ratedWatts('no such category')).toBe(0);
  });
});

describe('the scene savings call', () => {
  it('takes a project and an optional period of ISO instants', () => {
    expect(sceneSavingsBodySchema.safeParse({ projectId: 5 }).success).toBe(true);
    expect(
      sceneSavingsBodySchema.safeParse({
        projectId: 5,
        from: '2026-11-01T00:00:00Z',
        to: '2026-11-21T00:00:00+08:00',
      }).success,
    ).toBe(true);
    expect(sceneSavingsBodySchema.safeParse({ projectId: 5, from: 'yesterday' }).success).toBe(false);
    expect(sceneSavingsBodySchema.safeParse({ from: '2026-11-01T00:00:00Z' }).success).toBe(false);
  });
});
