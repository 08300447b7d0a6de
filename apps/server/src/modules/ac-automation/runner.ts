import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SceneRun, SceneRunTrigger } from '@sbuilding/shared';
import type { Clock } from '../../platform/clock.js';
import type { DeviceUpdate, TelemetryBus } from '../../realtime/index.js';
import { devices } from '../devices/tables.js';
import type { SceneDeps } from '../scenes/index.js';
import { applyAutomation } from './apply.js';
import { MOTION_MODELS, zoneOf, type LiveOverlay } from './inputs.js';
import { awaitedUnits, unreachedUnits } from './retry.js';
import { acAutomations } from './tables.js';

type Row = typeof acAutomations.$inferSelect;

/**
 * Runs every active config at each tick (timing, vacancy and the weather ripen with time), the configs
 * following a zone when one of its motion sensors reports on the telemetry bus (occupancy acts at once), and
 * a config whose change could not reach a unit when that unit reports (it has connected).
 */
export class AcAutomationRunner {
  /** motion sensor id -> configs following its zone. */
  private bySensor = new Map<number, Set<number>>();
  /** AC id -> configs whose pending retry waits for it to connect. */
  private byAwaited = new Map<number, Set<number>>();
  private readonly busy = new Set<number>();

  constructor(
    private readonly deps: () => SceneDeps,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Every active config, once. */
  async tick(now: Date): Promise<SceneRun[]> {
    const { db } = this.deps();
    const rows = await db.select().from(acAutomations).where(eq(acAutomations.active, true));
    const bySensor = new Map<number, Set<number>>();
    const byAwaited = new Map<number, Set<number>>();
    const out: SceneRun[] = [];
    for (const row of rows) {
      const run = await this.evaluate(row.id, now, 'timing');
      if (run) out.push(run);
      for (const unit of run ? awaitedAfter(run) : awaitedUnits(row)) add(byAwaited, unit, row.id);
      try {
        const zoneId = row.zoneId ?? (await this.deviceZone(row));
        if (zoneId === null) continue;
        const sensors = await db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.zoneId, zoneId), inArray(devices.model, [...MOTION_MODELS])));
        for (const s of sensors) add(bySensor, s.id, row.id);
      } catch (error) {
        this.log?.error({ err: error, acAutomationId: row.id }, 'AC automation index failed');
      }
    }
    this.bySensor = bySensor;
    this.byAwaited = byAwaited;
    return out;
  }

  private async deviceZone(row: Row): Promise<number | null> {
    if (row.targetKind !== 'device') return null;
    const [unit] = await this.deps()
      .db.select()
      .from(devices)
      .where(and(eq(devices.id, row.targetId), isNotNull(devices.zoneId)));
    return unit ? zoneOf(row, [unit]) : null;
  }

  /** Whether some config follows this device's motions or waits for it (checked per reading, before any work). */
  follows(deviceId: number): boolean {
    return this.bySensor.has(deviceId) || this.byAwaited.has(deviceId);
  }

  /**
   * A device reported: the configs waiting for it to connect, and those following its zone when it counts
   * motions.
   */
  async onUpdate(update: DeviceUpdate, now: Date): Promise<SceneRun[]> {
    const out: SceneRun[] = [];
    const reported = new Map([[update.deviceId, update.ts]]);
    for (const id of this.byAwaited.get(update.deviceId) ?? []) {
      const run = await this.evaluate(id, now, 'device', undefined, reported);
      if (run) out.push(run);
    }
    const ids = this.bySensor.get(update.deviceId);
    if (!ids || !('motionCount' in update.values || 'pir' in update.values)) return out;
    const overlay: LiveOverlay = new Map([[update.deviceId, update.values]]);
    for (const id of ids) {
      const run = await this.evaluate(id, now, 'device', overlay);
      if (run) out.push(run);
    }
    return out;
  }

  private async evaluate(
    id: number,
    now: Date,
    trigger: SceneRunTrigger,
    overlay?: LiveOverlay,
    reported?: ReadonlyMap<number, number>,
  ): Promise<SceneRun | null> {
    if (this.busy.has(id)) return null;
    this.busy.add(id);
    try {
      const deps = this.deps();
      const [row] = await deps.db.select().from(acAutomations).where(eq(acAutomations.id, id));
      if (!row?.active) return null;
      const run = await applyAutomation(deps, row, now, trigger, overlay, reported);
      if (run) this.noteAwaited(id, run);
      return run;
    } catch (error) {
      this.log?.error({ err: error, acAutomationId: id }, 'AC automation failed');
      return null;
    } finally {
      this.busy.delete(id);
    }
  }

  /** What a run leaves waiting: the units it could not reach, until one reports (else the next pass's index). */
  private noteAwaited(id: number, run: SceneRun): void {
    for (const configs of this.byAwaited.values()) configs.delete(id);
    for (const unit of awaitedAfter(run)) add(this.byAwaited, unit, id);
  }
}

/** The units a config waits for after this run: those it could not reach, if it failed. */
function awaitedAfter(run: SceneRun): number[] {
  return run.outcome === 'failed' ? unreachedUnits(run.commands) : [];
}

function add(index: Map<number, Set<number>>, key: number, id: number): void {
  const set = index.get(key);
  if (set) set.add(id);
  else index.set(key, new Set([id]));
}

/** Starts the AC automation: a pass every `tickMs`, motion readings and units coming back as they arrive. */
export function startAcAutomation(
  deps: () => SceneDeps,
  bus: TelemetryBus,
  log: FastifyBaseLogger,
  options: {
    tickMs: number;
    /** The time the runner reads (the app's clock). */
    clock: Clock;
    /** Told after each pass, how long it took and whether it failed (GET /metrics). */
    onPass?: (ms: number, ok: boolean) => void;
  },
): () => Promise<void> {
  const now = () => options.clock.now();
  const runner = new AcAutomationRunner(deps, log);
  let running: Promise<unknown> | null = null;
  const pass = () => {
    const started = performance.now();
    running ??= runner
      .tick(now())
      .then(
        () => options.onPass?.(performance.now() - started, true),
        (error: unknown) => {
          options.onPass?.(performance.now() - started, false);
          log.error({ err: error }, 'AC automation pass failed');
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, options.tickMs);
  pass();
  const unsubscribe = bus.onUpdate((update) => {
    if (runner.follows(update.deviceId)) void runner.onUpdate(update, now());
  });
  return async () => {
    clearInterval(timer);
    unsubscribe();
    await running;
  };
}
