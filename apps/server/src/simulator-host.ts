import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  envelopeSchema,
  idParamsSchema,
  simulatorPlugResultSchema,
  simulatorStateSchema,
  idSchema,
  simFaultBodySchema,
  simFaultResultSchema,
  type SimFaultKind,
  type SimFaultOutcome,
} from '@sbuilding/shared';
import type { Worker } from 'node:worker_threads';
import type { Simulator } from '@sbuilding/simulator';
import { ok } from './platform/envelope.js';
import { startWorker } from './platform/worker.js';
import type { SimulatorAnswer, SimulatorRequest, SimulatorStart } from './simulator-protocol.js';
import { AppError, badRequest, notFound } from './platform/errors.js';
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
 * About 330,000 readings: under a minute on the embedded database. 4 messages in flight (not the
 * simulator's 256): the server's thread still parses each one and the database stores them one statement at
 * a time, so a request waits behind what is queued; 256 (150,000 readings) kept it waiting seconds, and 4
 * against 16, measured alternately on the loaded machine, took as long (29-37 s) with `/getInfo` at p99
 * 376-553 ms against 476-1,020 ms.
 */
const BACKFILL = { detailDays: 7, stepMinutes: 60, coarseStepMinutes: 60, window: 4 } as const;

/** How long the simulator's thread gets to close its connections on shutdown before it is ended. */
const STOP_TIMEOUT_MS = 10_000;

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

/** The simulator's thread as the server holds it once the campus is alive. */
export interface SimulatorHandle {
  /** Stops the simulator (its devices disconnect) and ends its thread. */
  stop(): Promise<void>;
}

/**
 * Runs the building simulator beside the server (SIMULATOR=on) for the demo tenant, so a new user sees a
 * live campus at once. It runs in a thread of its own (simulator-worker.ts) and only speaks MQTT and the
 * public API: it gets a session of the demo tenant's administrator, as if that user had signed in, and reads
 * the devices and credentials through the API like any integrator. Nothing to simulate (no demo tenant) is
 * logged, not an error.
 *
 * On the campus's first start (no device has reported yet) it first writes `SIM_BACKFILL_DAYS` of history
 * through the same broker, so the boards have a year to show; the live simulator starts after it, carrying
 * the meters on from where the history ends. Resolves once the campus is alive, with `app.simulator` set
 * (the plug calls reach the thread through it), or null when nothing runs. Aborting `signal` (the server
 * stopping) cuts the history short and starts nothing; the next start sees readings and does not write it
 * again. A thread that dies is logged and `app.simulator` cleared; the server carries on without it.
 */
export async function startBuiltInSimulator(
  app: FastifyInstance,
  config: Config,
  mqttPort: number,
  signal?: AbortSignal,
): Promise<SimulatorHandle | null> {
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
  const firstStart =
    config.simBackfillDays > 0 && admin.tenantId !== null && !(await hasReported(app, admin.tenantId));
  if (signal?.aborted) return null;
  if (firstStart) {
    app.log.info(
      { days: config.simBackfillDays },
      "first start: writing the demo campus's history before it comes alive (about a minute)",
    );
  }
  const worker = startSimulatorWorker({
    apiUrl: `http://${host}:${config.port}`,
    token,
    mqttUrl: `mqtt://${host}:${mqttPort}`,
    speed: config.simSpeed,
    history: firstStart ? { ...BACKFILL, days: config.simBackfillDays } : null,
    demoFaults: config.simDemoFaults,
  });
  return new Promise((resolve) => {
    const board = new WorkerBoard(worker);
    let alive = false;
    let stopping = false;
    const exited = new Promise<void>((done) => worker.once('exit', () => done()));
    const stop = async () => {
      stopping = true;
      if (app.simulator === board) app.simulator = null;
      worker.postMessage({ type: 'stop' } satisfies SimulatorRequest);
      const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    };
    const onAbort = () => void stop();
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: SimulatorAnswer) => {
      if (message.type === 'log') app.log[message.level]({ simulator: message.data }, message.msg);
      else if (message.type === 'plugged') board.answered(message.id, message.found);
      else if (message.type === 'faulted') board.faultAnswered(message.id, message.outcome, message.faults);
      else if (message.type === 'running') {
        alive = true;
        app.simulator = board;
        app.log.info({ devices: message.devices }, 'building simulator running');
        resolve({ stop });
      } else {
        // The campus stays usable without it; the log says why it is not alive.
        if (message.error !== null)
          app.log.error({ err: new Error(message.error) }, 'the building simulator did not start');
        // A start that failed may leave connections holding its thread open.
        if (!stopping) void worker.terminate();
        resolve(null);
      }
    });
    worker.on('error', (error) => app.log.error({ err: error }, 'the building simulator failed'));
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', onAbort);
      board.close();
      if (app.simulator === board) app.simulator = null;
      if (!stopping && alive) app.log.error({ code }, 'the building simulator stopped unexpectedly');
      resolve(null);
    });
  });
}

/** The simulator's thread: the worker file beside this one, built (.js) or run from source (.ts, tsx). */
function startSimulatorWorker(start: SimulatorStart): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./simulator-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  // From source the workspace packages are read from theirs too (the `source` export condition).
  return startWorker(file, {
    workerData: start,
    ...(fromSource ? { execArgv: ['--conditions=source'] } : {}),
  });
}

/**
 * The plug calls' view of the simulator's thread: each call is a message answered by the thread, and the
 * pulled plugs are known here as the thread confirms them (the state call reads them without asking).
 */
class WorkerBoard implements PlugBoard {
  private readonly pulled = new Set<number>();
  private readonly waiting = new Map<number, (found: boolean) => void>();
  private readonly faultWaiting = new Map<number, (outcome: SimFaultOutcome) => void>();
  private knownFaults: Record<number, SimFaultKind> = {};
  private nextId = 1;
  private closed = false;

  constructor(private readonly worker: Worker) {}

  setFault(deviceId: number, kind: SimFaultKind | null): Promise<SimFaultOutcome> {
    if (this.closed) return Promise.resolve('notSimulated');
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.faultWaiting.set(id, resolve);
      this.worker.postMessage({ type: 'fault', id, deviceId, kind } satisfies SimulatorRequest);
    });
  }

  faults(): Record<number, SimFaultKind> {
    return { ...this.knownFaults };
  }

  faultAnswered(id: number, outcome: SimFaultOutcome, faults: Record<number, SimFaultKind>): void {
    this.knownFaults = faults;
    this.faultWaiting.get(id)?.(outcome);
    this.faultWaiting.delete(id);
  }

  unplug(deviceId: number): Promise<boolean> {
    return this.ask(deviceId, false);
  }

  plug(deviceId: number): Promise<boolean> {
    return this.ask(deviceId, true);
  }

  unplugged(): number[] {
    return [...this.pulled];
  }

  answered(id: number, found: boolean): void {
    this.waiting.get(id)?.(found);
    this.waiting.delete(id);
  }

  /** The thread is gone: what it was asked is answered "not simulated". */
  close(): void {
    this.closed = true;
    for (const done of this.waiting.values()) done(false);
    this.waiting.clear();
    for (const done of this.faultWaiting.values()) done('notSimulated');
    this.faultWaiting.clear();
    this.pulled.clear();
  }

  private ask(deviceId: number, on: boolean): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (found) => {
        if (found && on) this.pulled.delete(deviceId);
        if (found && !on) this.pulled.add(deviceId);
        resolve(found);
      });
      this.worker.postMessage({ type: 'plug', id, deviceId, on } satisfies SimulatorRequest);
    });
  }
}

/** The pluggable part of the simulator the routes use (the running one's thread, or a stand-in in tests). */
export type PlugBoard = Pick<Simulator, 'unplug' | 'plug' | 'unplugged' | 'setFault' | 'faults'>;

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
      config: { access: { action: 'devices:read' } },
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
        config: { access: { action: 'devices:write', on: 'device' } },
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

  /**
   * Faults for the fault rules to find (issue 38): where the truth is known, so the rules are checked against
   * it. The platform administrator's (a demonstration and test tool); 409 when no simulator runs, 404 for a
   * device it does not run, 400 for a fault its kind cannot have.
   */
  const fault = async (deviceId: number, kind: SimFaultKind | null) => {
    const outcome = await running().setFault(deviceId, kind);
    if (outcome === 'notSimulated') throw notFound('simulator.notSimulated');
    if (outcome === 'notSupported') throw badRequest('simulator.faultNotSupported');
    return { deviceId, kind };
  };

  app.post(
    '/sbuilding/sim/fault',
    {
      config: { access: { action: 'platform:write' } },
      schema: {
        tags: simulatorTags,
        summary:
          'Gives a simulated device a fault of SIM_FAULT_KINDS (stuckOn, wrongSetpoint, shortCycle, baseLoadLeak …) (platform administrator)',
        body: simFaultBodySchema,
        response: { 200: envelopeSchema(simFaultResultSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await fault(request.body.deviceId, request.body.kind)),
  );

  app.delete(
    '/sbuilding/sim/fault/:deviceId',
    {
      config: { access: { action: 'platform:write', params: { deviceId: 'device' } } },
      schema: {
        tags: simulatorTags,
        summary: "Takes a simulated device's fault away (platform administrator)",
        params: z.object({ deviceId: idSchema }),
        response: { 200: envelopeSchema(simFaultResultSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await fault(request.params.deviceId, null)),
  );
};
