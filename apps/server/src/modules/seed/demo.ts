import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { CONFIG_KEYS } from '../system/index.js';
import { sysConfig } from '../system/tables.js';
import { seedDictionaries } from '../system/index.js';
import { DEMO_PROJECT, seedProjects } from '../projects/index.js';
import { projects } from '../projects/tables.js';
import { seedBuildings } from '../buildings/index.js';
import { seedDevices } from './devices-seed.js';
import type { FileStore } from '../files/index.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';
import { seedAlertRules } from './demo-rules.js';
import { seedDemoAutomations } from './demo-automations.js';
import { seedBoardSettings } from '../boards/index.js';
import { seedEnergyBilling } from '../energy-billing/index.js';
import { seedWorkOrders } from '../work-orders/index.js';

export const DEMO_TENANT = 'Demo Tenant';

interface DemoUser {
  username: string;
  password: string;
  nickName: string;
  /** Plausible contact details, so a demo user can save the profile (both are required there) as it is. */
  email: string;
  phonenumber: string;
  role: Role;
  /** Platform administrators belong to no tenant. */
  inTenant: boolean;
}

/** The demo accounts listed in the README (example.com addresses; 138 0013 800x numbers). */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'admin',
    password: 'admin123',
    nickName: 'Admin',
    email: 'admin@example.com',
    phonenumber: '13800138001',
    role: 'admin',
    inTenant: false,
  },
  {
    username: 'manager',
    password: 'manager123',
    nickName: 'Manager',
    email: 'manager@example.com',
    phonenumber: '13800138002',
    role: 'tbAdmin',
    inTenant: true,
  },
  {
    username: 'customer',
    password: 'customer123',
    nickName: 'Customer',
    email: 'customer@example.com',
    phonenumber: '13800138003',
    role: 'tbCustomer',
    inTenant: true,
  },
  {
    username: 'display',
    password: 'display123',
    nickName: 'Display',
    email: 'display@example.com',
    phonenumber: '13800138004',
    role: 'tbVisualDisplay',
    inTenant: true,
  },
  // The facilities technician of the work orders (issue 37): a tbCustomer with work assigned.
  {
    username: 'tech',
    password: 'tech123',
    nickName: 'Technician',
    email: 'tech@example.com',
    phonenumber: '13800138005',
    role: 'tbCustomer',
    inTenant: true,
  },
];

/**
 * Built-in settings (the account switches, board settings, dictionaries), written on every start whether or
 * not the demo is: an installation with SEED_DEMO=false has them too. Safe to run from several processes at
 * once (conflicts are ignored).
 */
export async function seedBuiltIns(db: Db): Promise<void> {
  await db
    .insert(sysConfig)
    .values({
      configName: 'Account self-service: captcha on/off',
      configKey: CONFIG_KEYS.captchaEnabled,
      configValue: 'true',
      configType: 'Y',
      remark: 'true turns the sign-in captcha on, false turns it off',
    })
    .onConflictDoNothing({ target: sysConfig.configKey });
  await db
    .insert(sysConfig)
    .values([
      {
        configName: 'Account self-service: invited registration on/off',
        configKey: CONFIG_KEYS.registerUser,
        configValue: 'true',
        configType: 'Y',
        remark: 'false turns /register off, invitations included',
      },
      {
        configName: 'Account self-service: single sign-on on/off',
        configKey: CONFIG_KEYS.ssoEnabled,
        configValue: 'true',
        configType: 'Y',
        remark: 'false hides every identity provider and refuses their sign-ins',
      },
    ])
    .onConflictDoNothing({ target: sysConfig.configKey });
  await seedBoardSettings(db);
  await seedDictionaries(db);
}

/**
 * The built-in settings, then, on first start only (no user at all yet), the demo tenant and users: an
 * installation whose administrator removed them does not get them back on restart. Safe to run from several
 * processes at once (conflicts are ignored) and cheap when there is nothing to do. The demo buildings' floor
 * plans are written to `store`; without one (start-up tests) the campus has no buildings. With `automations`
 * (main.ts) the campus also gets its scenes, noon nap and AC automations (demo-automations.ts).
 */
export async function seedDemo(
  db: Db,
  log: FastifyBaseLogger,
  store?: FileStore,
  options: { automations?: boolean; now?: Date } = {},
): Promise<void> {
  await seedBuiltIns(db);

  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return;

  await db.insert(tenants).values({ name: DEMO_TENANT }).onConflictDoNothing({ target: tenants.name });
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, DEMO_TENANT));
  if (!tenant) throw new Error('demo tenant missing after insert');

  const rows = await Promise.all(
    DEMO_USERS.map(async (u) => ({
      username: u.username,
      nickName: u.nickName,
      email: u.email,
      phonenumber: u.phonenumber,
      passwordHash: await hashPassword(u.password),
      roles: [u.role],
      tenantId: u.inTenant ? tenant.id : null,
    })),
  );
  await db.insert(users).values(rows).onConflictDoNothing({ target: users.username });
  await seedProjects(db, tenant.id);
  const [campus] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.tenantId, tenant.id), eq(projects.projectName, DEMO_PROJECT)));
  if (store && campus) {
    await seedBuildings(db, store, tenant.id, campus.id);
    await seedDevices(db, tenant.id, campus.id);
    await seedAlertRules(db, tenant.id, campus.id);
    await seedEnergyBilling(db, tenant.id, campus.id);
    await seedWorkOrders(db, tenant.id, campus.id, options.now);
    // The campus automates itself (npm start); the tests' template campus starts without automations.
    if (options.automations) await seedDemoAutomations(db, tenant.id, campus.id, options.now);
  }
  log.info({ users: DEMO_USERS.map((u) => u.username) }, 'demo tenant and users created');
}
