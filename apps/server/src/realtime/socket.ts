import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import {
  clientSocketMessageSchema,
  SOCKET_CLOSE,
  type AlertChangedData,
  type ReportData,
} from '@sbuilding/shared';
import { PRINCIPAL_CHANGED, SESSION_ENDED, touchSession } from '../modules/sessions/index.js';
import { TelemetryBus, type DeviceUpdate } from './bus.js';
import { Hub, send, visibleDevices, type Connection } from './hub.js';
import { LiveInterest } from './interest.js';
import { SessionWatch } from './session-watch.js';
import type { Scope } from '../platform/tenancy.js';
import type { Db } from '../platform/db/client.js';
import { topic, type Topic } from '../platform/cluster/index.js';

function isReading(value: unknown): value is number | string | boolean {
  return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean';
}

function isDeviceUpdate(value: unknown): value is DeviceUpdate {
  if (typeof value !== 'object' || value === null) return false;
  if (!('deviceId' in value) || !('ts' in value) || !('values' in value)) return false;
  const { deviceId, ts, values } = value;
  return (
    typeof deviceId === 'number' &&
    typeof ts === 'number' &&
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every(isReading)
  );
}

/**
 * Telemetry of one node's devices for the sockets of every node. Read by hand, not by a schema: it is the
 * busiest subject of all.
 */
export const LIVE_TELEMETRY: Topic<DeviceUpdate[]> = {
  subject: 'live.telemetry',
  parse(value) {
    if (Array.isArray(value) && value.every(isDeviceUpdate)) return value;
    throw new Error('live.telemetry: not a list of device updates');
  },
};

/** Alerts that changed on some node (modules/alerts AlertChange): every node pushes its sockets' badges. */
export const LIVE_ALERTS = topic(
  'live.alerts',
  z.object({ tenantIds: z.array(z.number()), alertIds: z.array(z.number()) }),
);
type AlertChange = ReturnType<typeof LIVE_ALERTS.parse>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Committed telemetry for live screens; the telemetry writer publishes to it. */
    telemetryBus: TelemetryBus;
  }
}

/** A socket must authenticate within this long after it opens. */
export const SOCKET_AUTH_TIMEOUT_MS = 10_000;

const pathParams = z.object({ deptId: z.string(), userId: z.coerce.number().int() });

/** The path's deptId: the tenant id, or 0 / null / '' for a platform administrator (no tenant). */
function deptIdOf(raw: string): number | null | 'invalid' {
  if (raw === '' || raw === 'null' || raw === 'undefined' || raw === '0') return null;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : 'invalid';
}

/**
 * The real-time socket (spec sections 4 and 7). The first message must be `{type:"auth", token}`; a bad
 * token closes the socket with 4001, path ids that are not the token's user and tenant with 4003, no auth
 * within 10 s with 4008. `subscribeRealSeries` follows the listed devices the user may see (others are
 * ignored); committed telemetry of followed devices is pushed as `subscribeRealSeries` messages whose data
 * carries the changed keys (light and AC events in the console). `auth` and `report` are answered with the
 * badge count, and `report` keeps the session alive. The session is checked again every minute and when its
 * user's scope changes (session-watch.ts): the socket closes with it, or follows only what the new scope
 * may see.
 */
export interface SocketOptions {
  /**
   * The navbar badge of a user: the alerting alerts the scope may see. The alerts module counts it (app.ts
   * passes its `reportCount`), so this part knows no module's rules.
   */
  reportCount: (db: Db, scope: Scope) => Promise<number>;
}

export const socketPlugin = fp(
  async (app: FastifyInstance, { reportCount }: SocketOptions) => {
    app.decorate('telemetryBus', new TelemetryBus());
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    const hub = new Hub();
    const { frames } = app.metrics.socket;

    const bus = app.cluster;

    // Telemetry of this node's devices goes to the sockets of every node through the seam; each node
    // pushes it to its own followers. On NATS the updates of one event-loop turn travel as one message.
    const deliver = (update: DeviceUpdate) => {
      // Most readings are of devices nobody is watching: decide that before building anything.
      const followers = hub.followersOf(update.deviceId);
      if (followers.size === 0) return;
      const data = { ...update.values, deviceId: update.deviceId, ts: new Date(update.ts).toISOString() };
      for (const connection of followers) {
        send(connection, { type: 'subscribeRealSeries', code: 200, msg: 'ok', data });
      }
    };
    let outgoing: DeviceUpdate[] = [];
    const flush = () => {
      const batch = outgoing;
      outgoing = [];
      bus.publish(LIVE_TELEMETRY, batch);
    };
    // On NATS only the devices some socket of the cluster follows are relayed (realtime/interest.ts).
    const interest = bus.kind === 'nats' ? new LiveInterest(bus, () => hub.followed()) : null;
    const stopLocal = app.telemetryBus.onUpdate((update: DeviceUpdate) => {
      if (!interest) return bus.publish(LIVE_TELEMETRY, [update]);
      if (!interest.followed(update.deviceId)) return;
      outgoing.push(update);
      if (outgoing.length === 1) setImmediate(flush);
    });
    const stopLive = bus.subscribe(LIVE_TELEMETRY, (updates) => {
      for (const update of updates) deliver(update);
    });
    app.addHook('onClose', async () => {
      stopLocal();
      stopLive();
      interest?.close();
    });

    // An alert changed (on any node): the badge of everyone who may see it, and the ids for screens
    // showing them. Each node counts for its own sockets.
    const pushAlerts = (change: AlertChange) => {
      // One count per tenant (and one for administrators), not one per socket.
      const counts = new Map<number | 'admin', Promise<number>>();
      for (const connection of hub.all) {
        const scope = connection.auth.scope;
        if (!scope.isAdmin && !change.tenantIds.some((id) => id === scope.tenantId)) continue;
        const key = scope.isAdmin ? 'admin' : (scope.tenantId ?? -1);
        const pending = counts.get(key) ?? reportCount(app.db, scope);
        counts.set(key, pending);
        void pending
          .then((count) => {
            const report: ReportData = { reportCount: count };
            send(connection, { type: 'report', code: 200, msg: 'ok', data: report });
            const data: AlertChangedData = { alertIds: [...change.alertIds] };
            send(connection, { type: 'alert', code: 200, msg: 'ok', data });
          })
          .catch((error: unknown) => app.log.error({ err: error }, 'alert push failed'));
      }
    };
    const stopAlerts = app.alertEvents.onChange((change) =>
      bus.publish(LIVE_ALERTS, { tenantIds: [...change.tenantIds], alertIds: [...change.alertIds] }),
    );
    const stopAlertPushes = bus.subscribe(LIVE_ALERTS, pushAlerts);

    // A session ended (logout, blacklist, password change, tenant disabled, user deleted) on any node: its
    // sockets here close at once, not when the client next reports.
    const stopSessions = bus.subscribe(SESSION_ENDED, ({ sessionIds }) => {
      const ended = new Set(sessionIds);
      for (const connection of [...hub.all]) {
        if (ended.has(connection.auth.sessionId)) hub.end(connection);
      }
    });
    // Every socket re-checks its session each minute (its idle and absolute limits end it without any
    // message), and at once when its user's scope changes on any node (session-watch.ts).
    const watch = new SessionWatch({
      hub,
      db: () => app.db,
      clock: app.clock,
      reportCount,
      log: app.log,
    });
    const stopPrincipals = bus.subscribe(PRINCIPAL_CHANGED, ({ userIds }) => watch.usersChanged(userIds));
    app.addHook('onClose', async () => {
      stopAlerts();
      stopAlertPushes();
      stopSessions();
      stopPrincipals();
      watch.close();
    });

    app.get(
      '/websocket/websocket/web_socket/:deptId/:userId',
      {
        websocket: true,
        config: { access: { public: "its first message: a live session's token (realtime/README.md)" } },
        schema: { hide: true },
      },
      (socket, request) => {
        const params = pathParams.safeParse(request.params);
        const pathDept = params.success ? deptIdOf(params.data.deptId) : 'invalid';
        let connection: Connection | null = null;
        // Messages and session re-checks are handled one after the other, so auth is done before a
        // subscription is read, and a subscription never uses a scope a re-check has just replaced.
        let queue = Promise.resolve();
        const inTurn = (task: () => Promise<void>) => {
          queue = queue
            .then(task)
            .catch((error: unknown) =>
              request.log.error({ err: error }, 'socket message or session check failed'),
            );
        };
        const timer = setTimeout(
          () => socket.close(SOCKET_CLOSE.authTimeout, 'auth timeout'),
          SOCKET_AUTH_TIMEOUT_MS,
        );

        const onMessage = async (raw: string) => {
          let json: unknown;
          try {
            json = JSON.parse(raw);
          } catch {
            json = null;
          }
          const message = clientSocketMessageSchema.safeParse(json);
          if (!message.success) {
            if (!connection) socket.close(SOCKET_CLOSE.badMessage, 'first message must be auth');
            return;
          }
          const body = message.data;
          if (!connection) {
            if (body.type !== 'auth')
              return socket.close(SOCKET_CLOSE.badMessage, 'first message must be auth');
            const token = body.token ?? body.data?.token ?? '';
            const auth = token ? await app.verifyAccessToken(token) : null;
            if (!auth) return socket.close(SOCKET_CLOSE.unauthorized, 'unauthorized');
            if (!params.success || params.data.userId !== auth.userId || pathDept !== auth.scope.tenantId) {
              return socket.close(SOCKET_CLOSE.pathMismatch, 'path does not match the session');
            }
            clearTimeout(timer);
            const checkedAt = app.clock.now().getTime();
            connection = {
              socket,
              auth,
              deptId: auth.scope.tenantId,
              devices: new Set(),
              checkedAt,
              inTurn,
              onSent: () => frames.inc({ direction: 'out' }),
            };
            hub.all.add(connection);
            const data: ReportData = { reportCount: await reportCount(app.db, auth.scope) };
            return send(connection, { type: 'auth', code: 200, msg: 'ok', data });
          }
          if (body.type === 'report') {
            // On the app's clock, as the re-checks: a test that moves it moves both.
            if (!(await touchSession(app.db, connection.auth.sessionId, app.clock.now()))) {
              return hub.end(connection);
            }
            const data: ReportData = { reportCount: await reportCount(app.db, connection.auth.scope) };
            return send(connection, { type: 'report', code: 200, msg: 'ok', data });
          }
          if (body.type === 'subscribeRealSeries') {
            const wanted = [...new Set(body.data.deviceSubscribeReqs.map((r) => r.deviceId))];
            if (wanted.length === 0) return;
            const visible = await visibleDevices(app.db, connection.auth.scope, wanted);
            // Followed here whatever the cluster: `interest?.added(hub.follow(…))` would skip the follow too.
            const added = hub.follow(connection, visible);
            interest?.added(added);
          }
        };

        app.metrics.socket.connections.inc();
        socket.on('message', (raw: Buffer) => {
          frames.inc({ direction: 'in' });
          inTurn(() => onMessage(raw.toString('utf8')));
        });
        socket.on('close', () => {
          app.metrics.socket.connections.dec();
          clearTimeout(timer);
          if (connection) hub.drop(connection);
        });
      },
    );
  },
  { name: 'socket', dependencies: ['auth', 'database', 'alerts', 'metrics'] },
);
