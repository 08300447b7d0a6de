import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Lang } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { INVALIDATE } from '../../platform/cluster/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other modules do inside a device's own transaction when it moves floor or is deleted. */
    deviceHooks: DeviceHooks;
  }
}

/** A device about to change, inside the transaction that changes it (`tx`). */
export interface DeviceChanging {
  tx: Db;
  scope: Scope;
  deviceId: number;
  lang: Lang;
  /** Deleted (rather than saved). */
  deleted: boolean;
  /** Saved onto another floor than it was on (false when deleted). */
  floorChanged: boolean;
}

/** May answer what to do once the transaction has committed (an event to tell others, say). */
export type DeviceHook = (change: DeviceChanging) => Promise<(() => void) | void>;

/**
 * The registry's extension point: a module whose rows hang on devices (plan marks, alerts) registers a hook
 * here instead of the registry importing it, so the registry stays below them. Hooks run in order of
 * registration, in the device's transaction; a hook that throws rolls the change back.
 */
export class DeviceHooks {
  private readonly hooks: DeviceHook[] = [];

  add(hook: DeviceHook): void {
    this.hooks.push(hook);
  }

  /** Runs every hook; answers their after-commit effects. */
  async run(change: DeviceChanging): Promise<(() => void)[]> {
    const effects: (() => void)[] = [];
    for (const hook of this.hooks) {
      const effect = await hook(change);
      if (effect) effects.push(effect);
    }
    return effects;
  }
}

/** Decorates the app with its device hooks; the modules that hang on devices depend on it. */
export const deviceHooksPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('deviceHooks', new DeviceHooks());
    // A device saved or deleted may have joined or left a gateway: every node forgets what it cached of
    // gateways' devices (mqtt/directory.ts reloads them at the next message).
    app.deviceHooks.add(
      async () => () => app.cluster.publish(INVALIDATE, { cache: 'gatewayChildren', keys: [] }),
    );
  },
  { name: 'device-hooks' },
);
