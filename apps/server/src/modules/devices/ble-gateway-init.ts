import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BleGatewayInit, DeviceFieldValue, Lang } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/index.js';
import type { Scope } from '../../platform/tenancy.js';
import { findDevice, type DeviceRow } from './device-rows.js';
import { newAccessToken } from './device-service.js';
import { bleGatewayInits, devices } from './tables.js';

/*
 * The initialisation job of a Bluetooth gateway (model 'ba'): a row in ble_gateway_inits, created pending
 * with the device, driven through its steps with a pause between them, so the console's polling
 * (queryInitBleGatewayStatus) shows progress. Several server nodes share the database, so a node runs a job
 * only while it holds the job's lease (lease_owner, lease_until; taken with one conditional UPDATE, renewed
 * at every step): a job runs on exactly one node. A node that stops releases its leases; one that dies
 * keeps them until they run out, and then another node's sweep (resumePending) takes the job over and
 * carries it on from the step it had reached (every step is idempotent). A job held by a live node is not
 * run again when another node starts.
 */

/** How long a lease holds without renewal (it is renewed at every step, BLE_INIT_STEP_MS apart). */
export const BLE_INIT_LEASE_MS = 30_000;

/** The steps as the console names them (deviceInit.<step>), in order. */
export const BLE_INIT_STEPS = [
  'queued',
  'allocatingMesh',
  'issuingCredentials',
  'configuringGateway',
  'done',
] as const;
export type BleInitStep = (typeof BLE_INIT_STEPS)[number];

const FAILURES = ['device.initDeviceGone', 'device.initNoFloor'] as const;
type BleInitFailure = (typeof FAILURES)[number];
const isFailure = (key: string): key is BleInitFailure => FAILURES.some((f) => f === key);

/**
 * How a run ended: `aborted` when the server closed meanwhile (the row stays as it was, resumed next start)
 * or another node took the job over; `elsewhere` when it did not run here (another node holds its lease, or
 * it is not pending).
 */
export interface BleInitOutcome {
  status: 'ready' | 'failed' | 'aborted' | 'elsewhere';
  error: BleInitFailure | '';
}

class StepFailure extends Error {
  constructor(readonly key: BleInitFailure) {
    super(key);
  }
}

/** The mesh network of a building: one per building, shared by its floors' gateways and nodes. */
export const meshIdOf = (buildingId: number) => `mesh-${buildingId}`;

async function mergeAttributes(db: Db, id: number, patch: Record<string, DeviceFieldValue>): Promise<void> {
  // Merged in SQL so a parameter saved from the console meanwhile is not overwritten.
  await db
    .update(devices)
    .set({ attributes: sql`${devices.attributes} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(devices.id, id));
}

/** What each step does before the job moves on to the next one. */
const WORK: Record<Exclude<BleInitStep, 'queued' | 'done'>, (db: Db, device: DeviceRow) => Promise<void>> = {
  allocatingMesh: async (db, device) => {
    if (device.floorId === null) throw new StepFailure('device.initNoFloor');
    await mergeAttributes(db, device.id, { meshId: meshIdOf(device.buildingId) });
  },
  issuingCredentials: async (db, device) => {
    if (device.accessToken === '') {
      await db.update(devices).set({ accessToken: newAccessToken() }).where(eq(devices.id, device.id));
    }
  },
  configuringGateway: async (db, device) => {
    // Where the gateway connects and which mesh it serves; it reads these when it first connects (issue 5).
    await mergeAttributes(db, device.id, {
      meshId: meshIdOf(device.buildingId),
      mqttServer: device.props.serverAddr ?? null,
      mqttPort: device.props.port ?? null,
      floorId: device.floorId,
    });
  },
};

const PROGRESS: Record<BleInitStep, number> = {
  queued: 0,
  allocatingMesh: 10,
  issuingCredentials: 40,
  configuringGateway: 70,
  done: 100,
};

export interface BleInitRunnerOptions {
  db: () => Db;
  /** Pause before each step, in milliseconds. */
  stepMs: number;
  log: FastifyBaseLogger;
  /** The clock leases are taken and judged by (tests move it on instead of waiting). */
  now?: () => Date;
  /** BLE_INIT_LEASE_MS by default. */
  leaseMs?: number;
}

export class BleGatewayInitRunner {
  private readonly jobs = new Map<number, Promise<BleInitOutcome>>();
  private readonly wakers = new Set<() => void>();
  private closed = false;
  /** This runner's name in lease_owner: one per process (and per app). */
  readonly owner = crypto.randomUUID();

  constructor(private readonly options: BleInitRunnerOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private leaseEnd(): Date {
    return new Date(this.now().getTime() + (this.options.leaseMs ?? BLE_INIT_LEASE_MS));
  }

  /** Looks for jobs to take over every `everyMs` (a node that died leaves its jobs to the others). */
  sweepEvery(everyMs: number): () => void {
    const timer = setInterval(() => {
      this.resumePending().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'resuming gateway initialisations'),
      );
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Runs the job of a gateway (once at a time per gateway); resolves when it is ready, failed or aborted. */
  start(deviceId: number): Promise<BleInitOutcome> {
    const running = this.jobs.get(deviceId);
    if (running) return running;
    const job = this.run(deviceId)
      .catch((error: unknown): BleInitOutcome => {
        if (!this.closed)
          this.options.log.error({ err: error, deviceId }, 'Bluetooth gateway initialisation');
        return { status: 'aborted', error: '' };
      })
      .finally(() => this.jobs.delete(deviceId));
    this.jobs.set(deviceId, job);
    return job;
  }

  /**
   * Starts every job left pending or initialising whose lease is free or has run out (server start, a
   * sweep, after an import); answers how many. Each is still claimed with its lease before it runs.
   */
  async resumePending(): Promise<number> {
    const rows = await this.options
      .db()
      .select({ deviceId: bleGatewayInits.deviceId })
      .from(bleGatewayInits)
      .where(
        and(
          inArray(bleGatewayInits.status, ['pending', 'initialising']),
          or(isNull(bleGatewayInits.leaseUntil), lt(bleGatewayInits.leaseUntil, this.now())),
        ),
      );
    const fresh = rows.filter((row) => !this.jobs.has(row.deviceId));
    for (const row of fresh) void this.start(row.deviceId);
    return fresh.length;
  }

  /** Stops every job at its next pause and waits for them, so nothing outlives the app (onClose). */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakers) wake();
    await Promise.allSettled([...this.jobs.values()]);
  }

  private pause(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.options.stepMs);
      this.wakers.add(wake);
    });
  }

  private async run(deviceId: number): Promise<BleInitOutcome> {
    const db = this.options.db();
    const mine = and(eq(bleGatewayInits.deviceId, deviceId), eq(bleGatewayInits.leaseOwner, this.owner));
    // The lease: free, ours, or run out (its node died). One statement, so two nodes never both get it.
    const [claimed] = await db
      .update(bleGatewayInits)
      .set({ leaseOwner: this.owner, leaseUntil: this.leaseEnd() })
      .where(
        and(
          eq(bleGatewayInits.deviceId, deviceId),
          inArray(bleGatewayInits.status, ['pending', 'initialising']),
          or(
            isNull(bleGatewayInits.leaseOwner),
            eq(bleGatewayInits.leaseOwner, this.owner),
            isNull(bleGatewayInits.leaseUntil),
            lt(bleGatewayInits.leaseUntil, this.now()),
          ),
        ),
      )
      .returning({ step: bleGatewayInits.step });
    if (!claimed) return { status: 'elsewhere', error: '' };
    // Carried on from the step reached (run again: it may not have finished).
    const steps = ['allocatingMesh', 'issuingCredentials', 'configuringGateway'] as const;
    const reached = steps.findIndex((s) => s === claimed.step);
    /** Lets the lease go (stopping): another node may take the job at once. Best effort: it runs out anyway. */
    const release = () =>
      db
        .update(bleGatewayInits)
        .set({ leaseOwner: null, leaseUntil: null })
        .where(mine)
        .then(
          () => undefined,
          () => undefined,
        );
    const set = (
      step: BleInitStep,
      extra: { status?: 'initialising' | 'ready' | 'failed'; error?: string } = {},
    ) =>
      db
        .update(bleGatewayInits)
        .set({
          status: 'initialising',
          step,
          progress: PROGRESS[step],
          error: '',
          ...extra,
          updatedAt: new Date(),
          // Renewed with each step; a finished job needs none.
          ...(step === 'done' ? { leaseOwner: null, leaseUntil: null } : { leaseUntil: this.leaseEnd() }),
        })
        .where(mine)
        .returning({ deviceId: bleGatewayInits.deviceId });
    /** Why a step could not be recorded: the gateway was deleted, or another node took the job over. */
    const lost = async (): Promise<BleInitOutcome> => {
      const [still] = await db
        .select({ deviceId: bleGatewayInits.deviceId })
        .from(bleGatewayInits)
        .where(eq(bleGatewayInits.deviceId, deviceId));
      return still ? { status: 'aborted', error: '' } : { status: 'failed', error: 'device.initDeviceGone' };
    };
    try {
      for (const step of steps.slice(Math.max(0, reached))) {
        await this.pause();
        if (this.closed) {
          await release();
          return { status: 'aborted', error: '' };
        }
        const [device] = await db.select().from(devices).where(eq(devices.id, deviceId));
        // A deleted gateway takes its job row with it (cascade): there is nothing left to mark failed.
        if (!device || device.model !== 'ba') return { status: 'failed', error: 'device.initDeviceGone' };
        if ((await set(step)).length === 0) return await lost();
        await WORK[step](db, device);
      }
      await this.pause();
      if (this.closed) {
        await release();
        return { status: 'aborted', error: '' };
      }
      const done = await set('done', { status: 'ready' });
      return done.length === 0 ? await lost() : { status: 'ready', error: '' };
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      await db
        .update(bleGatewayInits)
        .set({
          status: 'failed',
          error: error.key,
          updatedAt: new Date(),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(mine);
      return { status: 'failed', error: error.key };
    }
  }
}

/**
 * Restarts the job of a gateway whose initialisation failed (after it was placed on a floor, say).
 * Answers whether there is a job to run.
 */
export async function requeueFailedInit(db: Db, deviceId: number): Promise<boolean> {
  const rows = await db
    .update(bleGatewayInits)
    .set({
      status: 'pending',
      step: 'queued',
      progress: 0,
      error: '',
      updatedAt: new Date(),
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(and(eq(bleGatewayInits.deviceId, deviceId), eq(bleGatewayInits.status, 'failed')))
    .returning({ status: bleGatewayInits.status });
  return rows.length > 0;
}

/** GET /sbuilding/device/queryInitBleGatewayStatus/{id}. */
export async function getBleGatewayInit(
  db: Db,
  scope: Scope,
  deviceId: number,
  lang: Lang,
): Promise<BleGatewayInit> {
  const device = await findDevice(db, scope, deviceId);
  if (device.model !== 'ba') throw badRequest('device.notBleGateway');
  const [row] = await db.select().from(bleGatewayInits).where(eq(bleGatewayInits.deviceId, deviceId));
  if (!row) throw notFound();
  return {
    deviceId,
    status: row.status,
    progress: row.progress,
    step: row.step,
    message: isFailure(row.error) ? translate(lang, row.error) : '',
    updateTime: row.updatedAt.toISOString(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs Bluetooth gateway initialisation jobs (devices/ble-gateway-init.ts). */
    readonly bleInit: BleGatewayInitRunner;
  }
}

/** Decorates `bleInit`; its jobs stop when the app closes. Register after the database plugin. */
export const bleInitPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = new BleGatewayInitRunner({
      db: () => app.db,
      stepMs: app.config.bleInitStepMs,
      log: app.log,
    });
    app.decorate('bleInit', runner);
    app.addHook('onClose', () => runner.close());
  },
  { name: 'ble-gateway-init', dependencies: ['database'] },
);
