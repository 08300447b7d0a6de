import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  expiryPassed,
  expiryTooFar,
  type ReportSchedule,
  type ReportScheduleCreateBody,
  type ReportScheduleUpdateBody,
  type ReportSend,
  type SharedView,
  type ShareLink,
  type ShareLinkCreateBody,
  type Lang,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import {
  billFileNameOf,
  billPdf,
  billXlsx,
  energyBill,
  energyReport,
  reportPdf,
} from '../energy-billing/index.js';
import { notificationChannels } from '../notifications/tables.js';
import { findProject } from '../projects/index.js';
import { isTenantDisabled } from '../tenants/index.js';
import { nextRunAfter } from './schedule-time.js';
import { energyReportSchedules, energyReportSends, energyShareLinks, type ShareTarget } from './tables.js';

type ScheduleRow = typeof energyReportSchedules.$inferSelect;
type ShareRow = typeof energyShareLinks.$inferSelect;

export function toSchedule(row: ScheduleRow): ReportSchedule {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    frequency: row.frequency,
    hour: row.hour,
    includeReport: row.includeReport,
    includeBills: row.includeBills,
    includeFaults: row.includeFaults,
    channelIds: row.channelIds,
    lang: row.lang,
    enabled: row.enabled,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** The project's channels a schedule may name: all of them must be the project's (400 otherwise). */
async function checkChannels(db: Db, scope: Scope, projectId: number, ids: readonly number[]) {
  const found = await db
    .select({ id: notificationChannels.id })
    .from(notificationChannels)
    .where(
      and(
        tenantFilter(scope, notificationChannels.tenantId),
        eq(notificationChannels.projectId, projectId),
        inArray(notificationChannels.id, [...ids]),
      ),
    );
  const known = new Set(found.map((c) => c.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw badRequest('energyReports.unknownChannel', { id: unknown });
}

export async function listSchedules(db: Db, scope: Scope, projectId: number): Promise<ReportSchedule[]> {
  await findProject(db, scope, projectId);
  const rows = await db
    .select()
    .from(energyReportSchedules)
    .where(
      and(
        tenantFilter(scope, energyReportSchedules.tenantId),
        eq(energyReportSchedules.projectId, projectId),
      ),
    )
    .orderBy(asc(energyReportSchedules.name), asc(energyReportSchedules.id));
  return rows.map(toSchedule);
}

export async function createSchedule(
  db: Db,
  scope: Scope,
  body: ReportScheduleCreateBody,
  now: number,
): Promise<ReportSchedule> {
  const project = await findProject(db, scope, body.projectId);
  await checkChannels(db, scope, body.projectId, body.channelIds);
  const [row] = await db
    .insert(energyReportSchedules)
    .values({
      ...body,
      tenantId: project.tenantId,
      nextRunAt: new Date(nextRunAfter(body.frequency, body.hour, project.timeZone, now)),
    })
    .returning();
  if (!row) throw new Error('schedule not created');
  return toSchedule(row);
}

export async function findSchedule(db: Db, scope: Scope, id: number): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(energyReportSchedules)
    .where(and(tenantFilter(scope, energyReportSchedules.tenantId), eq(energyReportSchedules.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function updateSchedule(
  db: Db,
  scope: Scope,
  body: ReportScheduleUpdateBody,
  now: number,
): Promise<ReportSchedule> {
  const old = await findSchedule(db, scope, body.id);
  if (old.projectId !== body.projectId) throw notFound();
  const project = await findProject(db, scope, body.projectId);
  await checkChannels(db, scope, body.projectId, body.channelIds);
  const { id, version, ...fields } = body;
  // A changed timing moves the next run; otherwise the queued one stays (never skipped, never doubled).
  const retimed = old.frequency !== body.frequency || old.hour !== body.hour;
  const [row] = await db
    .update(energyReportSchedules)
    .set({
      ...fields,
      ...(retimed
        ? { nextRunAt: new Date(nextRunAfter(body.frequency, body.hour, project.timeZone, now)) }
        : {}),
      version: version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(energyReportSchedules.id, id), eq(energyReportSchedules.version, version)))
    .returning();
  if (!row) throw conflict();
  return toSchedule(row);
}

export async function deleteSchedule(db: Db, scope: Scope, id: number): Promise<void> {
  const row = await findSchedule(db, scope, id);
  await db.delete(energyReportSchedules).where(eq(energyReportSchedules.id, row.id));
}

/** The project's send history, newest first (the last 200). */
export async function listSends(db: Db, scope: Scope, projectId: number): Promise<ReportSend[]> {
  await findProject(db, scope, projectId);
  const s = energyReportSends;
  const rows = await db
    .select({ send: s, scheduleName: energyReportSchedules.name })
    .from(s)
    .innerJoin(energyReportSchedules, eq(energyReportSchedules.id, s.scheduleId))
    .where(and(tenantFilter(scope, s.tenantId), eq(s.projectId, projectId)))
    .orderBy(desc(s.sentAt), desc(s.id))
    .limit(200);
  return rows.map(({ send, scheduleName }) => ({
    id: send.id,
    scheduleId: send.scheduleId,
    scheduleName,
    channelId: send.channelId,
    channelName: send.channelName,
    channelKind: send.channelKind,
    periodFrom: send.periodFrom,
    periodTo: send.periodTo,
    manual: send.manual,
    ok: send.ok,
    error: send.error,
    gaveUp: send.gaveUp,
    sentAt: send.sentAt.toISOString(),
  }));
}

/* ---------- Share links ---------- */

/** A share token: 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function toShare(row: ShareRow, now: number, token: string | null = null): ShareLink {
  const status = row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now ? 'expired' : 'active';
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind,
    label: row.label,
    target: row.target,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    status,
    token,
  };
}

export async function listShares(db: Db, scope: Scope, projectId: number, now: number): Promise<ShareLink[]> {
  await findProject(db, scope, projectId);
  const rows = await db
    .select()
    .from(energyShareLinks)
    .where(and(tenantFilter(scope, energyShareLinks.tenantId), eq(energyShareLinks.projectId, projectId)))
    .orderBy(desc(energyShareLinks.createdAt), desc(energyShareLinks.id))
    .limit(200);
  return rows.map((row) => toShare(row, now));
}

/**
 * Stores a share link of a report or a bill and answers its token (once). What it opens is checked now, in
 * the creator's scope (a bill of a place with no meters, another tenant's place: refused), so a link never
 * opens more than its creator could see.
 */
export async function createShare(
  db: Db,
  scope: Scope,
  body: ShareLinkCreateBody,
  now: number,
  scheduleId: number | null = null,
): Promise<ShareLink> {
  const project = await findProject(db, scope, body.projectId);
  if (expiryPassed(body.expiresAt, now)) throw badRequest('energyReports.expiryPast');
  if (expiryTooFar(body.expiresAt, now)) throw badRequest('energyReports.expiryTooFar');
  const target: ShareTarget =
    body.kind === 'report'
      ? { period: body.period ?? null, anchor: body.anchor || null, month: null, level: null, nodeId: null }
      : {
          period: null,
          anchor: null,
          month: body.month || null,
          level: body.level ?? 'building',
          nodeId: body.nodeId ?? null,
        };
  // Opens now in the creator's scope, or is refused (404 / 400) before it exists.
  await viewOf(db, scope, body.projectId, body.kind, target, now);
  const { token, hash } = newToken();
  const [row] = await db
    .insert(energyShareLinks)
    .values({
      tenantId: project.tenantId,
      projectId: body.projectId,
      tokenHash: hash,
      kind: body.kind,
      label: body.label,
      target,
      scheduleId,
      expiresAt: new Date(body.expiresAt),
      createdBy: scope.userId || null,
    })
    .returning();
  if (!row) throw new Error('share link not created');
  return toShare(row, now, token);
}

export async function revokeShare(db: Db, scope: Scope, id: number, now: number): Promise<ShareLink> {
  const [row] = await db
    .select()
    .from(energyShareLinks)
    .where(and(tenantFilter(scope, energyShareLinks.tenantId), eq(energyShareLinks.id, id)));
  if (!row) throw notFound();
  if (row.revokedAt) return toShare(row, now);
  const [revoked] = await db
    .update(energyShareLinks)
    .set({ revokedAt: new Date(now) })
    .where(eq(energyShareLinks.id, id))
    .returning();
  return toShare(revoked ?? row, now);
}

async function viewOf(
  db: Db,
  scope: Scope,
  projectId: number,
  kind: ShareRow['kind'],
  target: ShareTarget,
  now: number,
) {
  if (kind === 'report') {
    if (!target.period || !target.anchor) throw badRequest('energyReports.badPeriod');
    return {
      report: await energyReport(db, scope, { projectId, period: target.period, anchor: target.anchor }, now),
      bill: null,
    };
  }
  if (!target.month || !target.level || !target.nodeId) throw badRequest('energyReports.badPeriod');
  return {
    report: null,
    bill: await energyBill(
      db,
      scope,
      { projectId, month: target.month, level: target.level, nodeId: target.nodeId },
      now,
    ),
  };
}

/**
 * The link a share token names and the scope it reads in: the link's project alone (no user, no other
 * project). Any token that is unknown, expired or revoked answers the same 404.
 */
export async function openShare(db: Db, token: string, now: number) {
  const [row] = await db
    .select()
    .from(energyShareLinks)
    .where(eq(energyShareLinks.tokenHash, hashToken(token)));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now) throw notFound('energyReports.linkGone');
  // A disabled tenant's links stop with its users' sessions, in the same words as any closed link.
  if (await isTenantDisabled(db, row.tenantId)) throw notFound('energyReports.linkGone');
  const scope: Scope = {
    userId: 0,
    tenantId: row.tenantId,
    roles: [],
    permissions: [],
    isAdmin: false,
    projectIds: [row.projectId],
  };
  return { row, scope };
}

/** What a share token opens: its report or bill, read in the link's scope (`openShare`). */
export async function sharedView(db: Db, token: string, now: number): Promise<SharedView> {
  const { row, scope } = await openShare(db, token, now);
  const project = await findProject(db, scope, row.projectId);
  const view = await viewOf(db, scope, row.projectId, row.kind, row.target, now);
  return {
    kind: row.kind,
    projectName: project.projectName,
    expiresAt: row.expiresAt.toISOString(),
    ...view,
  };
}

/**
 * What a share token opens as a file in the reader's language: a bill as PDF or .xlsx (named as the console
 * names it), a report as PDF (the .xlsx is the bill's only).
 */
export async function sharedFile(db: Db, token: string, format: 'pdf' | 'xlsx', lang: Lang, now: number) {
  const { row, scope } = await openShare(db, token, now);
  const view = await viewOf(db, scope, row.projectId, row.kind, row.target, now);
  if (view.report) {
    if (format !== 'pdf') throw badRequest('energyReports.reportPdfOnly');
    return {
      name: `energy_report_${view.report.from}_${view.report.to}.pdf`,
      body: await reportPdf(view.report, lang),
    };
  }
  const bill = view.bill;
  const name = await billFileNameOf(
    db,
    scope,
    { projectId: row.projectId, month: bill.month, level: bill.level, nodeId: bill.nodeId },
    format,
  );
  return { name, body: format === 'pdf' ? await billPdf(bill, lang) : await billXlsx(bill, lang) };
}
