import { describe, expect, it } from 'vitest';
import { LIVE_WINDOW_MS, TelemetryBus, type DeviceUpdate } from './bus.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');

function listen(bus: TelemetryBus): DeviceUpdate[] {
  const updates: DeviceUpdate[] = [];
  bus.onUpdate((u) => updates.push(u));
  return updates;
}

describe('TelemetryBus', () => {
  it('passes one update per device with the newest value of each key', () => {
    const bus = new TelemetryBus(() => NOW);
    const updates = listen(bus);
    bus.publish([
      { deviceId: 1, key: 'co2', ts: NOW - 2000, value: 900 },
      { deviceId: 1, key: 'co2', ts: NOW - 1000, value: 950 },
      { deviceId: 1, key: 'temperature', ts: NOW - 3000, value: 21 },
      { deviceId: 2, key: 'onOff', ts: NOW, value: true },
    ]);
    expect(updates).toEqual([
      { deviceId: 1, ts: NOW - 1000, values: { co2: 950, temperature: 21 } },
      { deviceId: 2, ts: NOW, values: { onOff: true } },
    ]);
  });

  it('keeps history (a backfill, a buffer emptied late) off the live listeners', () => {
    const bus = new TelemetryBus(() => NOW);
    const updates = listen(bus);
    bus.publish([
      { deviceId: 1, key: 'co2', ts: NOW - LIVE_WINDOW_MS - 1, value: 2400 },
      { deviceId: 2, key: 'co2', ts: NOW - 365 * 86_400_000, value: 3000 },
      { deviceId: 3, key: 'co2', ts: NOW - LIVE_WINDOW_MS + 1000, value: 800 },
    ]);
    expect(updates).toEqual([{ deviceId: 3, ts: NOW - LIVE_WINDOW_MS + 1000, values: { co2: 800 } }]);
  });
});
