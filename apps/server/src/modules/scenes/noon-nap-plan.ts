import { TARGET_TEMP_RANGE, type CommandMethod } from '@sbuilding/shared';
import { localTimeOf } from '../calendar/index.js';
import { instantOf } from './engine.js';
import type { noonNaps, NoonNapSavedState } from './tables.js';

/*
 * The pure part of a noon nap, no clock and no database: when its window starts and ends, and what a start
 * does to one device and what puts it back. noon-nap-runner.ts acts on it.
 */

type NoonNapRow = typeof noonNaps.$inferSelect;
export type NapAction = { method: CommandMethod; params: Record<string, unknown> };
type Action = NapAction;

export interface NapEvent {
  phase: 'start' | 'end';
  at: Date;
  /** The local date of the nap (its start's). */
  date: string;
}

function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/**
 * The starts and ends of a daily window `[start, end)` on the project's wall clock in `(after, upTo]`, in
 * time order. An end not after the start is the next day's.
 */
export function napEventsBetween(
  window: { startTime: string; endTime: string },
  timeZone: string,
  after: Date,
  upTo: Date,
): NapEvent[] {
  const out: NapEvent[] = [];
  if (upTo.getTime() <= after.getTime()) return out;
  const first = localTimeOf(new Date(after.getTime() - 86_400_000), timeZone).date;
  const last = localTimeOf(upTo, timeZone).date;
  const overnight = window.endTime <= window.startTime;
  const inside = (d: Date | null): d is Date =>
    d !== null && d.getTime() > after.getTime() && d.getTime() <= upTo.getTime();
  for (let date = first; date <= last; date = nextDate(date)) {
    const start = instantOf(date, window.startTime, timeZone);
    const end = instantOf(overnight ? nextDate(date) : date, window.endTime, timeZone);
    if (inside(start)) out.push({ phase: 'start', at: start, date });
    if (inside(end)) out.push({ phase: 'end', at: end, date });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.phase === 'end' ? -1 : 1));
}

/** A device's state now, from its latest telemetry. */
interface LiveState {
  onOff: number | null;
  lightnessLevel: number | null;
  workMode: string | null;
  fanSpeed: string | null;
  targetTemp: number | null;
}

/**
 * What the start does to one device, and what puts it back; null leaves it alone. Only devices that are
 * on are touched (one switched off stays off); a light already at or below the dim level is left.
 */
export function napPlan(
  nap: Pick<NoonNapRow, 'dimLevel' | 'acAction' | 'sleepOffset'>,
  kind: 'light' | 'ac',
  live: LiveState,
): { change: Action[]; restore: Action[]; state: Omit<NoonNapSavedState, 'deviceId'> } | null {
  if (live.onOff !== 1) return null;
  if (kind === 'light') {
    if (live.lightnessLevel === null || live.lightnessLevel <= nap.dimLevel) return null;
    const state = { kind, onOff: true, lightnessLevel: live.lightnessLevel };
    if (nap.dimLevel === 0) {
      return {
        change: [{ method: 'setOnOff', params: { onOff: false } }],
        restore: [{ method: 'setOnOff', params: { onOff: true } }],
        state,
      };
    }
    return {
      change: [{ method: 'setBrightness', params: { lightnessLevel: nap.dimLevel } }],
      restore: [{ method: 'setBrightness', params: { lightnessLevel: live.lightnessLevel } }],
      state,
    };
  }
  if (nap.acAction === 'keep') return null;
  if (nap.acAction === 'off') {
    return {
      change: [{ method: 'setOnOff', params: { onOff: false } }],
      restore: [{ method: 'setOnOff', params: { onOff: true } }],
      state: { kind, onOff: true },
    };
  }
  // Sleep (the AC has no sleep mode): low fan, and the set point towards the room by the offset.
  const change: Action[] = [];
  const restore: Action[] = [];
  if (live.fanSpeed !== null && live.fanSpeed !== 'low') {
    change.push({ method: 'setFanSpeed', params: { fanSpeed: 'low' } });
    restore.push({ method: 'setFanSpeed', params: { fanSpeed: live.fanSpeed } });
  }
  const direction =
    live.workMode === 'hot' ? -1 : live.workMode === 'cool' || live.workMode === 'wet' ? 1 : 0;
  if (live.targetTemp !== null && direction !== 0 && nap.sleepOffset > 0) {
    const moved = Math.min(
      TARGET_TEMP_RANGE.max,
      Math.max(TARGET_TEMP_RANGE.min, Math.round(live.targetTemp) + direction * nap.sleepOffset),
    );
    if (moved !== live.targetTemp) {
      change.push({ method: 'setTargetTemp', params: { targetTemp: moved } });
      restore.push({ method: 'setTargetTemp', params: { targetTemp: live.targetTemp } });
    }
  }
  if (change.length === 0) return null;
  return {
    change,
    restore,
    state: {
      kind,
      onOff: true,
      fanSpeed: live.fanSpeed ?? undefined,
      targetTemp: live.targetTemp ?? undefined,
    },
  };
}
