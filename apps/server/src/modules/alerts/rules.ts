import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { thresholdBreached, thresholdRecovered, type ModelId } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { DeviceUpdate } from '../../realtime/index.js';
import { devices } from '../devices/tables.js';
import type { AlertEvents } from './events.js';
import {
  clearThresholdAlert,
  openThresholdAlerts,
  raiseThresholdAlert,
  RULE_GONE,
  toRule,
  type Rule,
} from './rule-alerts.js';
import { alertRules } from './tables.js';

/** How long what the evaluator knows of a device (project, building, model) is trusted before a re-read. */
export const DEVICE_FACTS_TTL_MS = 60_000;
/** Readings waiting for evaluation beyond this are dropped (oldest first): ingest never waits for rules. */
export const RULE_QUEUE_MAX = 50_000;

interface DeviceFacts {
  projectId: number;
  buildingId: number;
  model: ModelId;
  /** Ammeter channel (props.channel), 1 otherwise. */
  channel: number;
  loadedAt: number;
}

/**
 * Where one rule stands for one device: `pending` since the condition first held (waiting for the
 * duration), `active` once raised (until the reading has been back for the clear delay, since `clearSince`).
 */
interface RuleState {
  phase: 'pending' | 'active';
  since: number;
  clearSince: number | null;
}

interface Queued {
  update: DeviceUpdate;
  /** When it arrived (the evaluator's clock): durations are measured on arrival, not on the device's clock. */
  at: number;
}

type Action = { kind: 'raise'; value: number } | { kind: 'clear' };

interface Touched {
  id: number;
  tenantId: number;
}

function numeric(raw: number | string | boolean | undefined): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

/**
 * Threshold rules, evaluated on ingest: subscribed to the telemetry bus, never polling the database. The
 * enabled rules are kept in memory by project and model (reloaded per project when one changes); what a
 * rule has seen of a device (since when its condition holds, since when it is back) is kept in memory too.
 * A device whose reading has met a rule's condition for the rule's duration gets one open 'threshold'
 * alert per rule (a repeat adds to its history); with auto-clear, once the reading has been back past the
 * threshold by the deadband for the clear delay, the alert is resolved with 'fault recovery'.
 *
 * The bus listener only queues: readings are evaluated one batch after the other off the ingest path, and
 * a failure is logged, never thrown at the bus. After a restart the open threshold alerts are adopted as
 * active, so they still clear themselves; a pending duration starts again.
 */
export class RuleEvaluator {
  /** The clock durations are measured with (milliseconds); tests set their own. */
  clock: () => number = () => Date.now();

  private readonly byProjectModel = new Map<string, Rule[]>();
  private readonly byProject = new Map<number, Rule[]>();
  /** Wire keys some rule watches: most readings concern none and cost one lookup. */
  private watched = new Set<string>();
  private readonly states = new Map<string, RuleState>();
  private readonly deviceFacts = new Map<number, DeviceFacts | null>();
  private pending: Queued[] = [];
  private queue: Promise<void> = Promise.resolve();
  private draining = false;
  private loaded = false;
  private stopped = false;

  constructor(
    private readonly db: () => Db,
    private readonly events: AlertEvents,
    private readonly log: FastifyBaseLogger,
    private readonly deviceTtlMs = DEVICE_FACTS_TTL_MS,
  ) {}

  /** The telemetry bus listener: queues the readings a rule may concern; evaluation happens later. */
  readonly onUpdate = (update: DeviceUpdate): void => {
    if (this.stopped) return;
    if (this.loaded && !Object.keys(update.values).some((key) => this.watched.has(key))) return;
    this.pending.push({ update, at: this.clock() });
    if (this.pending.length > RULE_QUEUE_MAX) {
      const dropped = this.pending.length - RULE_QUEUE_MAX;
      this.pending.splice(0, dropped);
      this.log.warn({ dropped }, 'threshold rules fell behind: oldest readings dropped');
    }
    this.schedule();
  };

  /** Loads every enabled rule and adopts the open threshold alerts (at start). */
  start(): Promise<void> {
    return this.enqueue(async () => {
      await this.loadRules();
      this.loaded = true;
    });
  }

  /** The enabled rules held in memory, of every project. */
  get ruleCount(): number {
    let count = 0;
    for (const list of this.byProjectModel.values()) count += list.length;
    return count;
  }

  /** A project's rules changed (created, edited, switched, deleted): reload them, reset what changed. */
  reloadProject(projectId: number): Promise<void> {
    return this.enqueue(() => this.loadRules(projectId));
  }

  stop(): void {
    this.stopped = true;
    this.pending = [];
  }

  /** Resolves once every reading queued so far is evaluated and every reload done (tests wait on it). */
  async idle(): Promise<void> {
    do {
      await this.queue;
    } while (this.pending.length > 0 || this.draining);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, 'threshold rules failed'));
    return this.queue;
  }

  private schedule(): void {
    if (this.draining) return;
    this.draining = true;
    void this.enqueue(async () => {
      try {
        while (this.pending.length > 0 && !this.stopped) {
          const batch = this.pending;
          this.pending = [];
          await this.evaluate(batch);
        }
      } finally {
        this.draining = false;
      }
    });
  }

  private async loadRules(projectId?: number): Promise<void> {
    const rows = await this.db()
      .select()
      .from(alertRules)
      .where(
        and(
          eq(alertRules.enabled, true),
          projectId === undefined ? undefined : eq(alertRules.projectId, projectId),
        ),
      );
    const rules = rows.map(toRule);
    const previous = new Map<number, Rule>();
    const projects = projectId === undefined ? [...this.byProject.keys()] : [projectId];
    for (const id of projects) {
      for (const rule of this.byProject.get(id) ?? []) previous.set(rule.id, rule);
      this.byProject.delete(id);
    }
    for (const rule of rules) {
      this.byProject.set(rule.projectId, [...(this.byProject.get(rule.projectId) ?? []), rule]);
    }
    // What a removed or edited rule had seen means nothing for the rule as it is now.
    const kept = new Map(rules.map((r) => [r.id, r.version]));
    const dropped = new Set(
      [...previous.values()].filter((r) => kept.get(r.id) !== r.version).map((r) => r.id),
    );
    for (const key of this.states.keys()) {
      if (dropped.has(Number(key.split(':')[0]))) this.states.delete(key);
    }
    this.index();
    await this.adoptOpenAlerts(rules.map((r) => r.id));
  }

  private index(): void {
    this.byProjectModel.clear();
    const watched = new Set<string>();
    for (const rules of this.byProject.values()) {
      for (const rule of rules) {
        const key = `${rule.projectId}:${rule.model}`;
        this.byProjectModel.set(key, [...(this.byProjectModel.get(key) ?? []), rule]);
        watched.add(rule.telemetryKey);
        if (rule.perChannel)
          for (const channel of [1, 2, 3, 4]) watched.add(`${rule.telemetryKey}${channel}`);
      }
    }
    this.watched = watched;
  }

  /** Open alerts of these rules are active (a restart, an edit): they clear once the reading is back. */
  private async adoptOpenAlerts(ruleIds: number[]): Promise<void> {
    const open = await openThresholdAlerts(this.db(), ruleIds);
    const now = this.clock();
    for (const { ruleId, deviceId } of open) {
      const key = `${ruleId}:${deviceId}`;
      if (this.states.get(key)?.phase !== 'active') {
        this.states.set(key, { phase: 'active', since: now, clearSince: null });
      }
    }
  }

  private async facts(ids: number[], now: number): Promise<void> {
    const stale = ids.filter((id) => {
      const known = this.deviceFacts.get(id);
      return known === undefined || (known !== null && now - known.loadedAt > this.deviceTtlMs);
    });
    if (stale.length === 0) return;
    const rows = await this.db()
      .select({
        id: devices.id,
        projectId: devices.projectId,
        buildingId: devices.buildingId,
        model: devices.model,
        props: devices.props,
      })
      .from(devices)
      .where(inArray(devices.id, stale));
    for (const id of stale) this.deviceFacts.set(id, null);
    for (const row of rows) {
      const channel = row.props.channel;
      this.deviceFacts.set(row.id, {
        projectId: row.projectId,
        buildingId: row.buildingId,
        model: row.model,
        channel: typeof channel === 'number' ? channel : 1,
        loadedAt: now,
      });
    }
  }

  private async evaluate(batch: Queued[]): Promise<void> {
    if (this.byProject.size === 0) return;
    await this.facts([...new Set(batch.map((q) => q.update.deviceId))], this.clock());
    const touched: Touched[] = [];
    for (const { update, at } of batch) {
      const device = this.deviceFacts.get(update.deviceId);
      if (!device) continue;
      for (const rule of this.byProjectModel.get(`${device.projectId}:${device.model}`) ?? []) {
        if (rule.buildingId !== null && rule.buildingId !== device.buildingId) continue;
        const value = numeric(
          update.values[rule.telemetryKey] ??
            (rule.perChannel ? update.values[`${rule.telemetryKey}${device.channel}`] : undefined),
        );
        if (value === null) continue;
        const action = this.step(rule, update.deviceId, value, at);
        if (!action) continue;
        try {
          const id =
            action.kind === 'raise'
              ? await raiseThresholdAlert(this.db(), rule, update.deviceId, action.value, at, update.ts)
              : await clearThresholdAlert(this.db(), rule, update.deviceId, at);
          if (id === RULE_GONE) void this.reloadProject(rule.projectId);
          else if (id !== null) touched.push({ id, tenantId: rule.tenantId });
        } catch (error) {
          // Start over with the next reading rather than believe an alert exists (or is gone).
          this.states.delete(`${rule.id}:${update.deviceId}`);
          this.log.error(
            { err: error, ruleId: rule.id, deviceId: update.deviceId },
            'threshold alert failed',
          );
        }
      }
    }
    if (touched.length === 0) return;
    this.events.emit({
      tenantIds: [...new Set(touched.map((t) => t.tenantId))],
      alertIds: [...new Set(touched.map((t) => t.id))],
    });
  }

  /** One reading of one rule for one device: what, if anything, must happen now. */
  private step(rule: Rule, deviceId: number, value: number, now: number): Action | null {
    const key = `${rule.id}:${deviceId}`;
    const state = this.states.get(key);
    if (!state || state.phase === 'pending') {
      if (!thresholdBreached(rule, value)) {
        this.states.delete(key);
        return null;
      }
      const since = state?.since ?? now;
      if (now - since < rule.durationMs) {
        if (!state) this.states.set(key, { phase: 'pending', since, clearSince: null });
        return null;
      }
      this.states.set(key, { phase: 'active', since, clearSince: null });
      return { kind: 'raise', value };
    }
    if (!thresholdRecovered(rule, value)) {
      state.clearSince = null;
      return null;
    }
    state.clearSince ??= now;
    if (now - state.clearSince < rule.clearDelayMs) return null;
    this.states.delete(key);
    return rule.autoClear ? { kind: 'clear' } : null;
  }
}
