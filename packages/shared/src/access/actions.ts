import {
  ALERT_HANDLE_PERMISSION,
  DEVICE_CONTROL_PERMISSION,
  MINI_PROGRAM_PERMISSION,
  PROJECT_READ_ROLES,
  PROJECT_WRITE_ROLES,
  TENANT_TOOLS_PERMISSION,
  type Role,
} from '../roles.js';

/**
 * How a call uses what it touches. `read`: a read-only API key may make it. `write`: it changes something,
 * or reveals a credential that lets its holder change something (a device's MQTT token), so a read-only key
 * may not.
 */
export type AccessMode = 'read' | 'write';

/**
 * The level of what a call touches, which decides what a limited principal may do:
 * - `account`: the caller's own account (its profile, sign-in, keys and linked identities);
 * - `project`: rows of a project and below (buildings, floors, zones, devices, scenes …): the tenant, a
 *   key's projects and a weixin customer's buildings limit them, row by row;
 * - `tenant`: the tenant's administration (users, invitations, sign-in providers, device credentials):
 *   never for a key limited to some projects, which would otherwise turn itself into an unlimited account;
 * - `platform`: reference data everyone reads (settings, dictionaries, the catalogue), and what only the
 *   platform administrator changes (tenants, settings, the code generator).
 */
export type AccessLevel = 'account' | 'project' | 'tenant' | 'platform';

export interface AccessRule {
  readonly mode: AccessMode;
  readonly level: AccessLevel;
  /** The caller needs one of these roles (admin always passes). Absent: any signed-in role. */
  readonly roles?: readonly Role[];
  /** The caller needs one of these permissions (`*:*:*` always passes). */
  readonly permissions?: readonly string[];
  /**
   * A person's session only, never an API key: signing out, changing the password or profile, and minting
   * a long-lived credential (a key, a linked identity, a device's new token), which would outlive the key.
   */
  readonly sessionOnly?: boolean;
  /** The server's message key for a caller without the roles or permissions, where the spec words it. */
  readonly deniedMessage?: string;
}

/**
 * Every action a call of the API may declare (`config.access.action` on the server), and who may take it.
 * The one table of who may do what: the server's policy and the console's menu and buttons read it.
 * Names are `<what>:<verb>`, as Grafana's access control names its actions.
 */
export const ACCESS_ACTIONS = {
  /** Who am I, my menu, my profile and linked identities. */
  'account:read': { mode: 'read', level: 'account' },
  /** Sign out, change my password or profile, unlink an identity: a person's, never a key's. */
  'account:write': { mode: 'write', level: 'account', sessionOnly: true },
  /**
   * My API keys (and, for administrators, those of the tenant's users). Keys are for machines acting in
   * projects: a building's occupant (a weixin customer) has none.
   */
  'apiKeys:read': { mode: 'read', level: 'account', roles: PROJECT_READ_ROLES, sessionOnly: true },
  'apiKeys:write': { mode: 'write', level: 'account', roles: PROJECT_READ_ROLES, sessionOnly: true },
  /** Link an identity at a sign-in provider to my account: a credential that would outlive a key. */
  'identities:write': { mode: 'write', level: 'account', sessionOnly: true },

  /** Settings, dictionaries, the device catalogue, an export's download: the same for everyone. */
  'reference:read': { mode: 'read', level: 'platform' },
  'reference:write': { mode: 'write', level: 'platform', roles: ['admin'] },
  /** Tenants, the mail server, the code generator. */
  'platform:read': { mode: 'read', level: 'platform', roles: ['admin'] },
  'platform:write': { mode: 'write', level: 'platform', roles: ['admin'] },

  /** The tenant's users, invitations and sign-in providers. */
  'users:read': { mode: 'read', level: 'tenant', permissions: [TENANT_TOOLS_PERMISSION] },
  'users:write': { mode: 'write', level: 'tenant', permissions: [TENANT_TOOLS_PERMISSION] },

  /** Projects, their calendars, buildings, floors and zones, the boards, energy figures and bills. */
  'projects:read': { mode: 'read', level: 'project', roles: PROJECT_READ_ROLES },
  'projects:write': { mode: 'write', level: 'project', roles: PROJECT_WRITE_ROLES },
  /** A new project: the tenant's, outside any key's list of projects. */
  'projects:create': { mode: 'write', level: 'tenant', roles: PROJECT_WRITE_ROLES },
  /** The device registry: devices, their settings, groups, marks on plans, mesh versions. */
  'devices:read': { mode: 'read', level: 'project', roles: PROJECT_READ_ROLES },
  'devices:write': { mode: 'write', level: 'project', roles: PROJECT_WRITE_ROLES },
  /** Switching devices (sendCmd); display screens only look, in the spec's words. */
  'devices:control': {
    mode: 'write',
    level: 'project',
    roles: PROJECT_READ_ROLES,
    permissions: [DEVICE_CONTROL_PERMISSION],
    deniedMessage: 'command.noPermission',
  },
  /**
   * A device's MQTT access token: reading it lets its holder publish as the device, so it is a write, and
   * tenant administration (never for a key limited to some projects). Replacing it mints a credential.
   */
  'deviceSecrets:read': { mode: 'write', level: 'tenant', roles: PROJECT_WRITE_ROLES },
  'deviceSecrets:write': { mode: 'write', level: 'tenant', roles: PROJECT_WRITE_ROLES, sessionOnly: true },

  /** Alerts and their rules, to read; handling alerts; changing the rules. */
  'alerts:read': { mode: 'read', level: 'project', roles: PROJECT_READ_ROLES },
  'alerts:handle': {
    mode: 'write',
    level: 'project',
    roles: PROJECT_READ_ROLES,
    permissions: [ALERT_HANDLE_PERMISSION],
  },
  'alertRules:write': { mode: 'write', level: 'project', roles: PROJECT_WRITE_ROLES },

  /** Scenes, noon naps, AC automation, their week, explanations and savings. */
  'automation:read': { mode: 'read', level: 'project', roles: PROJECT_WRITE_ROLES },
  'automation:write': { mode: 'write', level: 'project', roles: PROJECT_WRITE_ROLES },
  /** Notification channels and their deliveries, scheduled reports and share links. */
  'notifications:read': { mode: 'read', level: 'project', roles: PROJECT_WRITE_ROLES },
  'notifications:write': { mode: 'write', level: 'project', roles: PROJECT_WRITE_ROLES },
  /** The tenant's projects and buildings side by side. */
  'portfolio:read': { mode: 'read', level: 'project', roles: PROJECT_WRITE_ROLES },

  /**
   * Rows of the tables a tenant added with the code generator (a maintenance contract, a lease): the
   * tenant's, in no project, so never for a key limited to some projects.
   */
  'records:read': { mode: 'read', level: 'tenant', roles: PROJECT_READ_ROLES },
  'records:write': { mode: 'write', level: 'tenant', roles: PROJECT_WRITE_ROLES },

  /**
   * Work orders (issue 37): reading them; creating, commenting and moving them along (who may make each
   * transition is the work order's own rule: the assignee theirs, the reporter closes or reopens theirs); and
   * managing them (service levels, automatic rules, maintenance plans, bulk assignment).
   */
  'workOrders:read': { mode: 'read', level: 'project', roles: PROJECT_READ_ROLES },
  'workOrders:write': { mode: 'write', level: 'project', roles: ['tbAdmin', 'tbCustomer'] },
  'workOrders:manage': { mode: 'write', level: 'project', roles: PROJECT_WRITE_ROLES },
  /** Fault detection (issue 38): its findings and rules, to read; acknowledging, fixing, dismissing, tuning. */
  'faults:read': { mode: 'read', level: 'project', roles: PROJECT_READ_ROLES },
  'faults:write': { mode: 'write', level: 'project', roles: PROJECT_WRITE_ROLES },
  /**
   * A backup of the whole platform (issue 36): it holds every secret (password hashes, sealed keys), so it is
   * a write and a person's session only.
   */
  'platform:backup': { mode: 'write', level: 'platform', roles: ['admin'], sessionOnly: true },

  /** The mini-program: a weixin customer's buildings, read and switched. */
  'miniProgram:read': { mode: 'read', level: 'project', permissions: [MINI_PROGRAM_PERMISSION] },
  'miniProgram:control': { mode: 'write', level: 'project', permissions: [MINI_PROGRAM_PERMISSION] },
} as const satisfies Record<string, AccessRule>;

export type AccessAction = keyof typeof ACCESS_ACTIONS;

export function isAccessAction(value: string): value is AccessAction {
  return Object.hasOwn(ACCESS_ACTIONS, value);
}

export const ACCESS_ACTION_NAMES: readonly AccessAction[] =
  Object.keys(ACCESS_ACTIONS).filter(isAccessAction);

/** The rule of an action. */
export function accessRule(action: AccessAction): AccessRule {
  return ACCESS_ACTIONS[action];
}
