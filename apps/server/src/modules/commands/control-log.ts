import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type {
  ControlLogEntry,
  ControlLogFilter,
  ModelId,
  PageResult,
  TerminalSource,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { controlLog } from './tables.js';

type Row = typeof controlLog.$inferSelect;

function toEntry(row: Row): ControlLogEntry {
  return {
    id: row.id,
    time: row.createdAt.toISOString(),
    userName: row.userName,
    terminal: row.terminal,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    model: row.model,
    groupId: row.groupId,
    groupName: row.groupName,
    method: row.method,
    params: row.params,
    result: row.result,
    latencyMs: row.latencyMs,
  };
}

/** Logs a change made at a device (a wall panel press, a power button) with what the device reported. */
export async function logDeviceChange(
  db: Db,
  change: {
    device: { id: number; tenantId: number; projectId: number; name: string; model: ModelId };
    terminal: TerminalSource;
    values: Record<string, number | string | boolean>;
    ts: number;
  },
): Promise<void> {
  await db.insert(controlLog).values({
    tenantId: change.device.tenantId,
    projectId: change.device.projectId,
    deviceId: change.device.id,
    deviceName: change.device.name,
    model: change.device.model,
    userName: '',
    terminal: change.terminal,
    method: 'report',
    params: change.values,
    result: 'success',
    latencyMs: null,
    createdAt: new Date(change.ts),
  });
}

/** POST /sbuilding/control-log/getList: a project's control log, newest first. */
export async function listControlLog(
  db: Db,
  scope: Scope,
  filter: ControlLogFilter,
): Promise<PageResult<ControlLogEntry>> {
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, controlLog.tenantId),
    eq(controlLog.projectId, filter.projectId),
  ];
  if (filter.deviceId !== undefined) conditions.push(eq(controlLog.deviceId, filter.deviceId));
  if (filter.terminal) conditions.push(eq(controlLog.terminal, filter.terminal));
  if (filter.result) conditions.push(eq(controlLog.result, filter.result));
  if (filter.from) conditions.push(gte(controlLog.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(controlLog.createdAt, new Date(filter.to)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(controlLog)
      .where(where)
      .orderBy(desc(controlLog.createdAt), desc(controlLog.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(controlLog).where(where),
  ]);
  return { rows: rows.map(toEntry), total: total?.value ?? 0 };
}
