import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  envelopeSchema,
  idParamsSchema,
  simulatorPlugResultSchema,
  simulatorStateSchema,
  PROJECT_READ_ROLES,
  PROJECT_WRITE_ROLES,
} from '@sbuilding/shared';
import { backfill, startSimulator, type Log, type Simulator } from '@sbuilding/simulator';
import { ok } from './platform/envelope.js';
import { AppError, notFound } from './platform/errors.js';
import { errorResponses } from './platform/openapi.js';
import { tenantFilter } from './platform/tenancy.js';
import { findDevice } from './modules/devices/index.js';
import { deviceLatest, devices } from './modules/devices/tables.js';
import type { Config } from './platform/env.js';
import { createSession } from './modules/sessions/index.js';
import { DEMO_TENANT } from './modules/seed/index.js';
import { tenants } from './modules/tenants/tables.js';
import { users } from './modules/users/tables.js';

/** An address the server itself can be reached at from this process. */
function localHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

/**
 * The first start's history: the last days in full (every device, hourly), the rest of the year only the
 * energy counters, hourly. What the boards look back at: energy over a year, air and occupancy over a week.
 * About 330,000 readings: under a minute on the embedded database. The history is made in the server's
 * thread and written as fast as it is acknowledged: 16 messages in flight (not the simulator's 256), else
 * the first 256 messages' readings (150,000) were made in one go and every request waited seconds for them.
 */
const BACKFILL = { detailDays: 7, stepMinutes: 60, coarseStepMinutes: 60, window: 16 } as const;

/** Whether any device of the tenant has ever reported: if not, this is the campus's first start. */
async function hasReported(app: FastifyInstance, tenantId: number): Promise<boolean> {
  const [row] = await app.db
    .select({ deviceId: deviceLatest.deviceId })
    .from(deviceLatest)
    .innerJoin(devices, eq(devices.id, deviceLatest.deviceId))
    .where(eq(devices.tenantId, tenantId))
    .limit(1);
  return row !== undefined;
}

/**
 * Runs the building simulator beside the server (SIMULATOR=on) for the demo tenant, so a new user sees a
 * live campus at once. The simulator only speaks MQTT and the public API: it gets a session of the demo
 * tenant's administrator, as if that user had signed in, and reads the devices and credentials through the
 * API like any integrator. Nothing to simulate (no demo tenant) is logged, not an error.
 *
 * On the campus's first start (no device has reported yet) it first writes `SIM_BACKFILL_DAYS` of history
 * through the same broker, so the boards have a year to show; the live simulator starts after it, carrying
 * the meters on from where the history ends. Aborting `signal` (the server stopping) cuts the history short
 * and starts nothing; the next start sees readings and does not write it again.
 */
export async function startBuiltInSimulator(
  app: FastifyInstance,
  config: Config,
  mqttPort: number,
  signal?: AbortSignal,
): Promise<Simulator | null> {
  const [admin] = await app.db
    .select({ id: users.id, roles: users.roles, tenantId: users.tenantId })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(
      and(
        eq(tenants.name, DEMO_TENANT),
        eq(users.blacklisted, false),
        isNull(users.deletedAt),
        sql`'tbAdmin' = any(${users.roles})`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) {
    app.log.info('simulator: no demo tenant administrator, nothing to simulate');
    return null;
  }
  const session = await createSession(app.db, admin, config.session, {
    ip: '127.0.0.1',
    userAgent: 'sbuilding-simulator',
  });
  const token = await app.issueAccessToken({ sessionId: session.id, userId: admin.id }, session.expiresAt);
  const host = localHost(config.host);
  const common = {
    apiUrl: `http://${host}:${config.port}`,
    token,
    mqttUrl: `mqtt://${host}:${mqttPort}`,
    log: ((level, msg, data) => app.log[level]({ simulator: data }, msg)) satisfies Log,
  };
  if (config.simBackfillDays > 0 && admin.tenantId !== null && !(await hasReported(app, admin.tenantId))) {
    app.log.info(
      { days: config.simBackfillDays },
      "first start: writing the demo campus's history before it comes alive (about a minute)",
    );
    const history = await backfill({ ...common, ...BACKFILL, days: config.simBackfillDays, signal });
    if (!history.complete) return null;
  }
  if (signal?.aborted) return null;
  const simulator = await startSimulator({ ...common, speed: config.simSpeed });
  app.log.info({ devices: simulator.stats().devicesSimulated }, 'building simulator running');
  return simulator;
}

/** The pluggable part of the simulator the routes use (the running one, or a stand-in in tests). */
export type PlugBoard = Pick<Simulator, 'unplug' | 'plug' | 'unplugged'>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in building simulator once it runs (SIMULATOR=on with the embedded broker), else null. */
    simulator: PlugBoard | null;
  }
}

const simulatorTags = ['simulator'];

/**
 * Pulling the plug of a simulated device and powering it up again, for demonstrations and tests: the
 * device drops off the broker as a real one would (alerts, offline state and unreachable commands follow
 * from the device protocol, nothing is faked on the server). tbAdmin (and admin), for devices of their own
 * tenant; 409 when no simulator runs, 404 for a device it does not run.
 */
export const simulatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const running = (): PlugBoard => {
    if (!app.simulator) throw new AppError(409, 'simulator.notRunning');
    return app.simulator;
  };

  app.get(
    '/sbuilding/simulator/state',
    {
      config: { roles: PROJECT_READ_ROLES },
      schema: {
        tags: simulatorTags,
        summary: 'Whether the building simulator runs, and which of your devices have their plug pulled',
        response: { 200: envelopeSchema(simulatorStateSchema), ...errorResponses(403) },
      },
    },
    async (request) => {
      const pulled = app.simulator?.unplugged() ?? [];
      const visible =
        pulled.length === 0
          ? []
          : await app.db
              .select({ id: devices.id })
              .from(devices)
              .where(and(inArray(devices.id, pulled), tenantFilter(request.scope(), devices.tenantId)));
      return ok(request, { running: app.simulator !== null, unplugged: visible.map((d) => d.id).sort() });
    },
  );

  for (const [verb, unplugged] of [
    ['unplug', true],
    ['plug', false],
  ] as const) {
    app.post(
      `/sbuilding/simulator/${verb}/:id`,
      {
        config: { roles: PROJECT_WRITE_ROLES },
        schema: {
          tags: simulatorTags,
          summary: unplugged
            ? 'Pulls the plug of a simulated device: it drops off the broker without a word'
            : 'Powers a simulated device up again: it reconnects and reports',
          params: idParamsSchema,
          response: { 200: envelopeSchema(simulatorPlugResultSchema), ...errorResponses(403, 404, 409) },
        },
      },
      async (request) => {
        const device = await findDevice(app.db, request.scope(), request.params.id);
        const board = running();
        const found = unplugged ? await board.unplug(device.id) : await board.plug(device.id);
        if (!found) throw notFound('simulator.notSimulated');
        return ok(request, { deviceId: device.id, unplugged });
      },
    );
  }
};
