import { describe, expect, it } from 'vitest';
import type { SceneWeekRun } from '@sbuilding/shared';
import { addDays, mondayOf, placeRuns } from './week-layout';

const run = (name: string, localTime: string): SceneWeekRun => ({
  source: 'scene',
  sceneId: 1,
  name,
  triggerType: 'timing',
  at: '2026-09-21T00:00:00.000Z',
  localDate: '2026-09-21',
  localTime,
  wouldRun: true,
  reason: null,
  conditional: false,
  until: null,
});

describe('week layout', () => {
  it('puts runs whose blocks would overlap side by side, and a later one back in the first lane', () => {
    const placed = placeRuns([run('B', '08:00'), run('A', '08:00'), run('C', '08:30'), run('D', '09:00')]);
    expect(placed.map((p) => `${p.run.name}:${p.lane}/${p.lanes}`)).toEqual([
      'A:0/3',
      'B:1/3',
      'C:2/3',
      'D:0/3',
    ]);
    expect(placed[3]?.minute).toBe(540);
  });

  it('starts weeks on Monday and moves by whole days across months and years', () => {
    expect(mondayOf('2026-09-20')).toBe('2026-09-14'); // a Sunday
    expect(mondayOf('2026-09-21')).toBe('2026-09-21');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
  });
});
