import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRIORITY_OF_ALERT_LEVEL, type AlertType, type Lang, type WorkOrderDetail } from '@sbuilding/shared';
import { ownedOr404, type Scope } from '../../platform/tenancy.js';
import type { AlertChange } from '../alerts/index.js';
import { alertHistory, alerts } from '../alerts/tables.js';
import { insertWorkOrder, startSla } from './create.js';
import { addHistory } from './history.js';
import { workOrderDetail } from './read.js';
import { readSettings } from './settings-service.js';
import { actorOf, resolvePlace, type Actor, type Place, type WorkOrderDeps } from './support.js';
import { workOrders } from './tables.js';

type AlertRow = typeof alerts.$inferSelect;

const TYPE_WORDS: Record<Lang, Record<AlertType, string>> = {
  EN: { offline: 'device offline', threshold: 'threshold exceeded' },
  ZH: { offline: '设备离线', threshold: '超出阈值' },
};

/** A work order's title from its alert: what, and what is wrong ('A-1F light 3: device offline'). */
function titleOf(alert: AlertRow, lang: Lang | null): string {
  const what = alert.threshold?.ruleName;
  const words = (l: Lang) => what ?? TYPE_WORDS[l][alert.type];
  // The system writes for nobody in particular: both languages.
  const wrong = lang ? words(lang) : `${words('EN')} / ${words('ZH')}`;
  return `${alert.object}: ${wrong}`.slice(0, 100);
}

/** The alert's place: its device's as it is now, or the building and floor it copied. */
async function placeOf(deps: WorkOrderDeps, alert: AlertRow): Promise<Place> {
  const none: Place = { buildingId: null, floorId: null, zoneId: null, deviceId: null };
  if (alert.deviceId !== null)
    return resolvePlace(deps.db, alert.projectId, { ...none, deviceId: alert.deviceId });
  return resolvePlace(deps.db, alert.projectId, {
    ...none,
    buildingId: alert.buildingId,
    floorId: alert.floorId,
  });
}

/** Makes the alert's work order (once: the unique index on the alert); null when it had one already. */
async function makeFrom(deps: WorkOrderDeps, alert: AlertRow, actor: Actor, lang: Lang | null) {
  const place = await placeOf(deps, alert);
  const now = deps.clock.now();
  const priority = PRIORITY_OF_ALERT_LEVEL[alert.level];
  const sla = await startSla(deps.db, alert.projectId, priority, now);
  const made = await deps.db.transaction((tx) =>
    insertWorkOrder(
      tx,
      {
        ...place,
        tenantId: alert.tenantId,
        projectId: alert.projectId,
        title: titleOf(alert, lang),
        description: [alert.positionName, alert.address].filter(Boolean).join(' · '),
        priority,
        assigneeId: null,
        photoIds: [],
        source: 'alert',
        alertId: alert.id,
      },
      sla,
      actor,
      now,
    ),
  );
  if (made?.notified) deps.notify();
  return made?.row ?? null;
}

/**
 * PUT /sbuilding/workorder/fromAlert/{alertId}: the alert's work order, with its place, device and priority
 * (from the alert's level) filled in; the one it already has when it has one (one click or many, one rule or
 * a person: one work order per alert).
 */
export async function workOrderFromAlert(
  deps: WorkOrderDeps,
  scope: Scope,
  alertId: number,
  lang: Lang,
): Promise<WorkOrderDetail> {
  const [found] = await deps.db.select().from(alerts).where(eq(alerts.id, alertId));
  const alert = ownedOr404(scope, found);
  const [existing] = await deps.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.alertId, alert.id));
  if (existing) return workOrderDetail(deps, scope, existing.id);
  const made = await makeFrom(deps, alert, await actorOf(deps.db, scope), lang);
  const [linked] = await deps.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(eq(workOrders.alertId, alert.id));
  return workOrderDetail(deps, scope, made?.id ?? linked?.id ?? 0);
}

/** History entries older than this are not carried to work orders (a restart does not replay the past). */
const LOOKBACK_MS = 10 * 60_000;
const SYSTEM: Actor = { userId: null, userName: '' };

/**
 * Listens to alert changes (told after commit, on the node that made them): a raised alert that the project's
 * automatic rule covers (its level and type) gets its work order; an alert that resolves by itself, or is
 * raised again, says so on its work order (once: the entry names the alert's history entry). Never throws at
 * the alert machinery; work is chained on its own queue.
 */
export class AlertLink {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: () => WorkOrderDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  readonly onChange = (change: AlertChange): void => {
    const ids = [...change.alertIds];
    this.queue = this.queue
      .then(() => this.handle(ids))
      .catch((error: unknown) => this.log.error({ err: error }, 'work orders: following alerts'));
  };

  /** Resolves once the changes told so far are handled (tests). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async handle(alertIds: number[]): Promise<void> {
    const deps = this.deps();
    const since = new Date(Date.now() - LOOKBACK_MS);
    const changed = await deps.db.select().from(alerts).where(inArray(alerts.id, alertIds));
    const linked = await deps.db
      .select({ id: workOrders.id, alertId: workOrders.alertId })
      .from(workOrders)
      .where(and(inArray(workOrders.alertId, alertIds), isNotNull(workOrders.alertId)));
    const entries = await deps.db
      .select()
      .from(alertHistory)
      .where(and(inArray(alertHistory.alertId, alertIds), gte(alertHistory.at, since)));
    for (const alert of changed) {
      const order = linked.find((l) => l.alertId === alert.id);
      const own = entries.filter((e) => e.alertId === alert.id);
      if (!order) {
        if (alert.status === 'alerting' && own.some((e) => e.note === 'raised') && (await this.covers(alert)))
          await makeFrom(deps, alert, SYSTEM, null);
        continue;
      }
      for (const entry of own) {
        const resolvedItself = entry.userId === null && entry.toStatus === 'processed';
        const again = entry.note === 'offlineAgain' || entry.note === 'thresholdAgain';
        if (!resolvedItself && !again) continue;
        await addHistory(deps.db, {
          workOrderId: order.id,
          at: entry.at,
          event: resolvedItself ? 'alertResolved' : 'alertRaisedAgain',
          note: entry.solution ?? entry.note,
          alertHistoryId: entry.id,
        });
      }
    }
  }

  /** Whether the project's automatic rule makes a work order of this alert. */
  private async covers(alert: AlertRow): Promise<boolean> {
    const { autoFromAlerts: rule } = await readSettings(this.deps().db, alert.projectId);
    return rule.enabled && rule.levels.includes(alert.level) && rule.types.includes(alert.type);
  }
}
