import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { startSimulator, type Simulator } from '@sbuilding/simulator';
import type { Config } from './platform/env.js';
import { createSession } from './platform/auth/sessions.js';
import { DEMO_TENANT } from './modules/seed/demo.js';
import { tenants } from './modules/tenants/tables.js';
import { users } from './modules/users/tables.js';

/** An address the server itself can be reached at from this process. */
function localHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

/**
 * Runs the building simulator beside the server (SIMULATOR=on) for the demo tenant, so a new user sees a
 * live campus at once. The simulator only speaks MQTT and the public API: it gets a session of the demo
 * tenant's administrator, as if that user had signed in, and reads the devices and credentials through the
 * API like any integrator. Nothing to simulate (no demo tenant) is logged, not an error.
 */
export async function startBuiltInSimulator(
  app: FastifyInstance,
  config: Config,
  mqttPort: number,
): Promise<Simulator | null> {
  const [admin] = await app.db
    .select({ id: users.id, roles: users.roles })
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
  const simulator = await startSimulator({
    apiUrl: `http://${host}:${config.port}`,
    token,
    mqttUrl: `mqtt://${host}:${mqttPort}`,
    speed: config.simSpeed,
    log: (level, msg, data) => app.log[level === 'debug' ? 'debug' : level]({ simulator: data }, msg),
  });
  app.log.info({ devices: simulator.stats().devicesSimulated }, 'building simulator running');
  return simulator;
}
