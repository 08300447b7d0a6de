import { describe, expect, it } from 'vitest';
import type { SceneCommandResult } from '@sbuilding/shared';
import { keptOffHours, offCommands, savingsPeriod, sumSavings, type OffEvent } from './switch-offs.js';

const from = new Date('2026-03-01T00:00:00Z');
const to = new Date('2026-03-31T00:00:00Z');
const at = new Date('2026-03-16T18:00:00Z');
const t = (hhmm: string) => new Date(`2026-03-16T${hhmm}:00Z`);

describe('kept-off hours', () => {
  it('counts until the device is on again, at most a working day, within the period', () => {
    expect(keptOffHours(at, new Date('2026-03-16T20:30:00Z'), from, to)).toBe(2.5);
    expect(keptOffHours(at, null, from, to)).toBe(10);
    expect(keptOffHours(at, null, from, new Date('2026-03-16T19:00:00Z'))).toBe(1);
    expect(keptOffHours(at, null, new Date('2026-03-16T23:00:00Z'), to)).toBe(5);
    expect(keptOffHours(at, null, new Date('2026-03-17T05:00:00Z'), to)).toBe(0);
  });
});

describe('the successful switch-offs of a run', () => {
  const command = (method: SceneCommandResult['method'], params: Record<string, unknown>, ok = true) =>
    ({
      targetKind: 'device',
      targetId: 1,
      method,
      params,
      deviceId: 1,
      deviceName: 'L',
      result: ok ? 'success' : 'timeout',
      message: '',
      latencyMs: 5,
    }) as SceneCommandResult;

  it('keeps off and brightness 0, drops on, dimming and failures', () => {
    const offs = offCommands([
      command('setOnOff', { onOff: false }),
      command('setOnOff', { onOff: true }),
      command('setOnOff', { onOff: false }, false),
      command('setBrightness', { lightnessLevel: 0 }),
      command('setBrightness', { lightnessLevel: 80 }),
      command('setTargetTemp', { targetTemp: 26 }),
    ]);
    expect(offs.map((c) => [c.method, c.params])).toEqual([
      ['setOnOff', { onOff: false }],
      ['setBrightness', { lightnessLevel: 0 }],
    ]);
  });
});

describe('summing the savings of each owner', () => {
  const light = (owner: number, deviceId: number, hhmm: string): OffEvent => ({
    owner,
    deviceId,
    at: t(hhmm),
    watts: 36,
  });

  it('is hours times the draw per owner, capped when the device never comes back', async () => {
    const ac: OffEvent = { owner: 2, deviceId: 9, at: t('08:00'), watts: 1000 };
    const onAt = new Map([[1, t('14:00')]]);
    const result = await sumSavings(
      [light(1, 1, '12:00'), ac],
      [1, 2, 3],
      from,
      to,
      (e) => onAt.get(e.deviceId) ?? null,
    );
    expect(result.get(1)).toEqual({ offHours: 2, kwh: 0.07 });
    expect(result.get(2)).toEqual({ offHours: 10, kwh: 10 });
    expect(result.get(3)).toEqual({ offHours: 0, kwh: 0 });
  });

  it('counts a device switched off again while still off once', async () => {
    const result = await sumSavings([light(1, 1, '12:00'), light(2, 1, '13:00')], [1, 2], from, to, () =>
      t('15:00'),
    );
    expect(result.get(1)?.offHours).toBe(1);
    expect(result.get(2)?.offHours).toBe(2);
  });

  it('ignores the events of owners not asked about', async () => {
    const result = await sumSavings([light(7, 1, '12:00')], [1], from, to, () => null);
    expect([...result]).toEqual([[1, { offHours: 0, kwh: 0 }]]);
  });

  it('defaults the period to the last 30 days', () => {
    const now = new Date('2026-03-31T00:00:00Z');
    expect(savingsPeriod({}, now)).toEqual({ from: new Date('2026-03-01T00:00:00Z'), to: now });
  });
});
