import { describe, expect, it } from 'vitest';
import type { PowerState } from '@sbuilding/shared';
import { mayLowerDraw, savingOf, savingsPeriod, sumByOwner, type Observed } from './changes.js';
import { withBaseline } from './baseline-arithmetic.js';
import { emptyState } from './readings.js';

/*
 * The savings rule on hand-worked cases. A light draws 0.5 W + 36 W × level / 255 when on, 0.5 W off; an AC
 * 5 W off, 80 W fan only, and 60 W + (rating − 60 W) × share when its compressor runs, the share being the
 * room-to-setpoint gap / 2 °C (the mid fan's rating is 1000 W).
 */
const from = new Date('2026-03-01T00:00:00Z');
const to = new Date('2026-03-31T00:00:00Z');
const t = (hhmm: string) => new Date(`2026-03-16T${hhmm}Z`);
const state = (s: Partial<PowerState>): PowerState => ({ ...emptyState(), ...s });
const light = { owner: 1, deviceId: 7, deviceName: 'L', category: 'light', at: t('17:59:30') };
const ac = { owner: 2, deviceId: 9, deviceName: 'AC', category: 'ac', at: t('17:59:30') };
const observed = (
  before: PowerState,
  changes: Observed['changes'],
  nextChangeAt: Date | null = null,
): Observed => ({ before, changes, nextChangeAt });

describe('a saving is what really changed', () => {
  it('counts nothing for a light that was already off', () => {
    expect(savingOf(light, observed(state({ onOff: false, lightnessLevel: 255 }), []), from, to)).toBeNull();
    // Nor when the state before is not known at all.
    expect(
      savingOf(light, observed(emptyState(), [{ key: 'onOff', value: false, at: t('18:00:00') }]), from, to),
    ).toBeNull();
  });

  it('counts a light dimmed from 100% to 30% by the brightness difference', () => {
    const saving = savingOf(
      light,
      observed(
        state({ onOff: true, lightnessLevel: 255 }),
        [{ key: 'lightnessLevel', value: 77, at: t('18:00:00') }],
        t('20:00:00'),
      ),
      from,
      to,
    );
    // 36 W × (255 − 77) / 255 = 25.13 W for 2 h = 0.05 kWh.
    expect(saving).toMatchObject({
      beforeWatts: 36.5,
      afterWatts: 11.37,
      savedWatts: 25.13,
      hours: 2,
      kwh: 0.0503,
      afterAt: '2026-03-16T18:00:00.000Z',
      endAt: '2026-03-16T20:00:00.000Z',
      endReason: 'changed',
    });
    expect(saving?.after).toEqual(state({ onOff: true, lightnessLevel: 77 }));
  });

  it('ends when a person switches the light back on', () => {
    const saving = savingOf(
      light,
      observed(
        state({ onOff: true, lightnessLevel: 255 }),
        [{ key: 'onOff', value: false, at: t('18:00:00') }],
        t('19:30:00'),
      ),
      from,
      to,
    );
    // 1.5 h × 36 W = 0.054 kWh.
    expect(saving).toMatchObject({ savedWatts: 36, hours: 1.5, kwh: 0.054, endReason: 'changed' });
  });

  it('counts nothing when the device behind an offline gateway never reported the command', () => {
    expect(savingOf(light, observed(state({ onOff: true, lightnessLevel: 255 }), []), from, to)).toBeNull();
  });

  it('counts an AC in fan mode switched off at the fan draw, not the compressor rating, at most 10 h', () => {
    const saving = savingOf(
      ac,
      observed(state({ onOff: true, workMode: 'wind', fanSpeed: 'mid', targetTemp: 24, roomTemp: 27 }), [
        { key: 'onOff', value: false, at: t('18:00:00') },
      ]),
      from,
      to,
    );
    // 80 W − 5 W standby = 75 W, never changed again: capped at 10 h = 0.75 kWh.
    expect(saving).toMatchObject({ beforeWatts: 80, afterWatts: 5, savedWatts: 75, hours: 10, kwh: 0.75 });
    expect(saving).toMatchObject({ endAt: '2026-03-17T04:00:00.000Z', endReason: 'maxHours' });
  });

  it('counts a cooling AC by the gap between its setpoint and the room', () => {
    const cooling = state({ onOff: true, workMode: 'cool', fanSpeed: 'mid', targetTemp: 24, roomTemp: 25 });
    // Setpoint relaxed 24 → 26 with the room at 25 °C: share 0.5 (530 W) before, 0 (60 W) after.
    const relaxed = savingOf(
      ac,
      observed(cooling, [{ key: 'targetTemp', value: 26, at: t('18:00:00') }], t('19:00:00')),
      from,
      to,
    );
    expect(relaxed).toMatchObject({ beforeWatts: 530, afterWatts: 60, savedWatts: 470, hours: 1, kwh: 0.47 });
    // Set colder instead: it draws more, no saving.
    expect(
      savingOf(ac, observed(cooling, [{ key: 'targetTemp', value: 22, at: t('18:00:00') }]), from, to),
    ).toBeNull();
  });

  it('clips to the period and leaves a saving still lasting at its end open', () => {
    const saving = savingOf(
      light,
      observed(state({ onOff: true }), [{ key: 'onOff', value: false, at: t('18:00:00') }]),
      from,
      t('21:00:00'),
    );
    expect(saving).toMatchObject({ hours: 3, endAt: null, endReason: 'ongoing' });
  });

  it('sums per owner, zero for owners without savings', () => {
    const one = savingOf(
      light,
      observed(state({ onOff: true }), [{ key: 'onOff', value: false, at: t('18:00:00') }], t('20:00:00')),
      from,
      to,
    );
    if (!one) throw new Error('expected a saving');
    const held = withBaseline(one, {
      source: 'none',
      workday: true,
      days: [],
      devices: 0,
      share: 1,
      plainKwh: one.kwh,
    });
    const sums = sumByOwner([held, held, { ...held, owner: 5 }], [1, 3]);
    expect([...sums]).toEqual([
      [1, { offHours: 4, kwh: 0.14 }],
      [3, { offHours: 0, kwh: 0 }],
    ]);
  });

  it('reads the reports only around commands that can lower a draw', () => {
    expect(mayLowerDraw({ method: 'setOnOff', params: { onOff: false } })).toBe(true);
    expect(mayLowerDraw({ method: 'setOnOff', params: { onOff: true } })).toBe(false);
    expect(mayLowerDraw({ method: 'setBrightness', params: { lightnessLevel: 77 } })).toBe(true);
    expect(mayLowerDraw({ method: 'setTargetTemp', params: { targetTemp: 26 } })).toBe(true);
    expect(mayLowerDraw({ method: 'setColorTemp', params: { colorTemp: 3000 } })).toBe(false);
  });

  it('defaults the period to the last 30 days', () => {
    const now = new Date('2026-03-31T00:00:00Z');
    expect(savingsPeriod({}, now)).toEqual({ from: new Date('2026-03-01T00:00:00Z'), to: now });
  });
});
