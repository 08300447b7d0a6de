import { aliasedTable, and, asc, eq } from 'drizzle-orm';
import {
  commandRequestSchemaFor,
  DEVICE_CONTROL_PERMISSION,
  hasAnyPermission,
  type CommandMethod,
  type CommandOutcome,
  type CommandResult,
  type Lang,
  type SendCmdResult,
  type TerminalSource,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/index.js';
import type { MessageKey } from '../../platform/i18n/messages.js';
import { placeFilter, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { parseOr400, validationMessage } from '../../platform/validate.js';
import { exchange, type DeviceChannel, type DeviceRpc, type DeviceRpcOutcome } from '../../mqtt/index.js';
import { deviceGroupMembers, deviceGroups, devices } from '../devices/tables.js';
import type { ControlLogWriter } from './log-writer.js';

/** What a command needs of a device and of the gateway it sits behind (not the whole row: a command is hot). */
function targetColumns(table: typeof devices) {
  return {
    id: table.id,
    name: table.name,
    model: table.model,
    category: table.category,
    tenantId: table.tenantId,
    projectId: table.projectId,
  };
}

type Target = Pick<typeof devices.$inferSelect, keyof ReturnType<typeof targetColumns>>;

export interface CommandRequest {
  deviceId?: number | undefined;
  groupId?: number | undefined;
  method: CommandMethod;
  params: Record<string, unknown>;
  terminal: TerminalSource;
}

export interface Actor {
  scope: Scope;
  lang: Lang;
  /** Copied into the control log. */
  userName: string;
  /** The user the log names, when not the scope's (null: automation acting on its own, e.g. a scene). */
  logUserId?: number | null;
}

/** What a command goes through: the database, the broker, and the control log it leaves lines in. */
export interface CommandDeps {
  db: Db;
  channel: DeviceChannel | null;
  log: ControlLogWriter;
}

interface Sent {
  result: CommandResult;
  key: MessageKey;
  latencyMs: number | null;
  /** A refusal's own message (the validation sentence), instead of `key`. */
  text?: string;
}

/** An attempt and the moment it was made: its control-log line carries its own time, not its batch's. */
type Attempt = Sent & { at: Date };

/** A reply counts as a failure when the device says so: `{success:false}` or an `error` member. */
function replyFailed(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  return ('success' in data && data.success === false) || 'error' in data;
}

/**
 * Sends one command over the device's own connection, or through the gateway it sits behind, and waits for
 * the reply, on whichever node of the cluster holds that connection. A device connected nowhere answers at
 * once ('Unable to access device', or for a device behind a Bluetooth gateway 'Unable to access Bluetooth
 * gateway'); no reply in time, or the node holding it out of reach (NATS lost), is 'Setting Failed !'.
 */
async function sendOne(
  channel: DeviceChannel | null,
  target: Target,
  parent: Target | undefined,
  method: CommandMethod,
  params: Record<string, unknown>,
  timeoutMs: number,
): Promise<Sent> {
  const via = parent ?? target;
  const rpc: DeviceRpc = {
    viaId: via.id,
    gateway: parent !== undefined,
    targetId: target.id,
    targetName: target.name,
    method,
    params,
  };
  const started = performance.now();
  // Over this node's connection, or through the node holding it (a cluster); none: connected nowhere.
  const outcome: DeviceRpcOutcome = channel?.isConnected(via.id)
    ? await exchange(channel, rpc, timeoutMs)
    : channel?.elsewhere
      ? await channel.elsewhere(rpc, timeoutMs)
      : { ok: false, reason: 'unreachable' };
  if (!outcome.ok && outcome.reason === 'unreachable') {
    const key =
      parent?.category === 'bleGateway' ? 'command.gatewayUnreachable' : 'command.deviceUnreachable';
    return { result: 'unreachable', key, latencyMs: null };
  }
  const latencyMs = Math.round(performance.now() - started);
  // The node holding the device could not be asked (NATS lost): 'Setting Failed !'.
  if (!outcome.ok && outcome.reason === 'cluster')
    return { result: 'failed', key: 'command.failed', latencyMs };
  if (!outcome.ok) return { result: 'timeout', key: 'command.failed', latencyMs };
  if (replyFailed(outcome.data)) return { result: 'failed', key: 'command.failed', latencyMs };
  return { result: 'success', key: 'command.success', latencyMs };
}

const parents = aliasedTable(devices, 'parent');

/** The devices a command is for, each with the gateway it sits behind (one query; a group adds one). */
async function targetsOf(
  db: Db,
  scope: Scope,
  request: CommandRequest,
): Promise<{
  group: typeof deviceGroups.$inferSelect | null;
  targets: { device: Target; parent: Target | null }[];
}> {
  const columns = { device: targetColumns(devices), parent: targetColumns(parents) };
  if (request.deviceId !== undefined) {
    const [row] = await db
      .select(columns)
      .from(devices)
      .leftJoin(parents, eq(parents.id, devices.parentId))
      .where(and(eq(devices.id, request.deviceId), placeFilter(scope, devices.tenantId, devices.buildingId)));
    if (!row) throw notFound('command.notFound');
    return { group: null, targets: [row] };
  }
  const [group] = await db
    .select()
    .from(deviceGroups)
    .where(and(eq(deviceGroups.id, request.groupId ?? -1), tenantFilter(scope, deviceGroups.tenantId)));
  if (!group) throw notFound('command.notFound');
  const targets = await db
    .select(columns)
    .from(deviceGroupMembers)
    .innerJoin(devices, eq(devices.id, deviceGroupMembers.deviceId))
    .leftJoin(parents, eq(parents.id, devices.parentId))
    // A building-bound caller reaches only the members in its buildings.
    .where(
      and(eq(deviceGroupMembers.groupId, group.id), placeFilter(scope, devices.tenantId, devices.buildingId)),
    )
    .orderBy(asc(deviceGroupMembers.sort), asc(devices.id));
  return { group, targets };
}

/**
 * POST /sbuilding/dev-rpccmd/sendCmd. One device: its parameters are read against its model (a bad one is
 * a 400 naming the parameter). A group: each device is checked on its own (a light without colour
 * temperature is refused, the others are set) and sent in parallel. Every attempt is logged. Answers the
 * outcomes; when any device was not set the call fails (503) with the outcomes as data.
 */
export async function sendCommand(
  { db, channel, log }: CommandDeps,
  actor: Actor,
  request: CommandRequest,
  timeoutMs: number,
): Promise<SendCmdResult> {
  if (!hasAnyPermission(actor.scope.permissions, [DEVICE_CONTROL_PERMISSION])) {
    throw forbidden('command.noPermission');
  }
  const { group, targets } = await targetsOf(db, actor.scope, request);
  const body = { method: request.method, params: request.params };
  if (!group) {
    const [first] = targets;
    if (first) parseOr400(commandRequestSchemaFor(first.device.model), body);
  }

  const attempts = await Promise.all(
    targets.map(async ({ device, parent }) => {
      const parsed = commandRequestSchemaFor(device.model).safeParse(body);
      if (!parsed.success) {
        const text = validationMessage(actor.lang, parsed.error.issues.map(toValidationIssue));
        const refused: Attempt = {
          result: 'refused',
          key: 'command.failed',
          latencyMs: null,
          text,
          at: log.now(),
        };
        return { device, sent: refused, params: request.params };
      }
      const { method, params } = parsed.data;
      const at = log.now();
      const sent: Attempt = {
        ...(await sendOne(channel, device, parent ?? undefined, method, params, timeoutMs)),
        at,
      };
      return { device, sent, params };
    }),
  );

  log.add(
    attempts.map(({ device, sent, params }) => ({
      tenantId: device.tenantId,
      projectId: device.projectId,
      deviceId: device.id,
      deviceName: device.name,
      model: device.model,
      groupId: group?.id ?? null,
      groupName: group?.name ?? null,
      userId: actor.logUserId === undefined ? actor.scope.userId : actor.logUserId,
      userName: actor.userName,
      terminal: request.terminal,
      method: request.method,
      params,
      result: sent.result,
      latencyMs: sent.latencyMs,
      createdAt: sent.at,
    })),
  );
  const results: CommandOutcome[] = attempts.map(({ device, sent }) => ({
    deviceId: device.id,
    deviceName: device.name,
    result: sent.result,
    message: sent.text ?? translate(actor.lang, sent.key),
    latencyMs: sent.latencyMs,
    time: sent.at.toISOString(),
  }));
  const failed = attempts.filter((a) => a.sent.result !== 'success');
  const [first] = failed;
  if (first) {
    // One device: its own reason ('Unable to access device'); a group: 'Setting Failed !' with the details.
    throw new AppError(503, group ? 'command.failed' : first.sent.key, {}, {}, { results });
  }
  return { results };
}

function toValidationIssue(issue: { path: PropertyKey[]; code: string; message: string }) {
  return {
    instancePath: `/${issue.path.map(String).join('/')}`,
    keyword: issue.code,
    message: issue.message,
  };
}
