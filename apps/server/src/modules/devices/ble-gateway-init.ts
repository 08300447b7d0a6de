import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
 * with the device, driven in-process through its steps with a pause between them, so the console's
 * polling (queryInitBleGatewayStatus) shows progress. Every step is idempotent: a job left pending or
 * initialising by a stopped server is simply run again from the start (resumePending).
 */

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

/** How a run ended: `aborted` when the server closed meanwhile (the row stays as it was, resumed next start). */
export interface BleInitOutcome {
  status: 'ready' | 'failed' | 'aborted';
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
}

export class BleGatewayInitRunner {
  private readonly jobs = new Map<number, Promise<BleInitOutcome>>();
  private readonly wakers = new Set<() => void>();
  private closed = false;

  constructor(private readonly options: BleInitRunnerOptions) {}

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

  /** Starts every job left pending or initialising (server start, or after an import); answers how many. */
  async resumePending(): Promise<number> {
    const rows = await this.options
      .db()
      .select({ deviceId: bleGatewayInits.deviceId })
      .from(bleGatewayInits)
      .where(inArray(bleGatewayInits.status, ['pending', 'initialising']));
    for (const row of rows) void this.start(row.deviceId);
    return rows.length;
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
        })
        .where(eq(bleGatewayInits.deviceId, deviceId))
        .returning({ deviceId: bleGatewayInits.deviceId });
    try {
      for (const step of ['allocatingMesh', 'issuingCredentials', 'configuringGateway'] as const) {
        await this.pause();
        if (this.closed) return { status: 'aborted', error: '' };
        const [device] = await db.select().from(devices).where(eq(devices.id, deviceId));
        // A deleted gateway takes its job row with it (cascade): there is nothing left to mark failed.
        if (!device || device.model !== 'ba') return { status: 'failed', error: 'device.initDeviceGone' };
        if ((await set(step)).length === 0) return { status: 'failed', error: 'device.initDeviceGone' };
        await WORK[step](db, device);
      }
      await this.pause();
      if (this.closed) return { status: 'aborted', error: '' };
      const done = await set('done', { status: 'ready' });
      return done.length === 0
        ? { status: 'failed', error: 'device.initDeviceGone' }
        : { status: 'ready', error: '' };
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      await db
        .update(bleGatewayInits)
        .set({ status: 'failed', error: error.key, updatedAt: new Date() })
        .where(eq(bleGatewayInits.deviceId, deviceId));
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
    .set({ status: 'pending', step: 'queued', progress: 0, error: '', updatedAt: new Date() })
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
