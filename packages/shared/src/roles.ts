/** Roles and permissions of spec section 6. */

export const ROLES = [
  'admin',
  'tbAdmin',
  'tbCustomer',
  'tbVisualDisplay',
  'tbWeixinCustomer',
  'ROLE_DEFAULT',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles a user account can be given (ROLE_DEFAULT only stands in for an empty list). */
export const ASSIGNABLE_ROLES = [
  'admin',
  'tbAdmin',
  'tbCustomer',
  'tbVisualDisplay',
  'tbWeixinCustomer',
] as const;

/** Roles that may read a tenant's projects and what is in them (admin always passes). */
export const PROJECT_READ_ROLES: Role[] = ['tbAdmin', 'tbCustomer', 'tbVisualDisplay'];
/** Roles that may change a tenant's projects and what is in them. */
export const PROJECT_WRITE_ROLES: Role[] = ['tbAdmin'];

/** The wildcard permission: holds every permission. */
export const ALL_PERMISSION = '*:*:*';
/** The `{product}:tools:tenant` permission of spec section 6. */
export const TENANT_TOOLS_PERMISSION = 'sbuilding:tools:tenant';

/** Switching devices from boards and dashboards (sendCmd); display screens are read-only. */
export const DEVICE_CONTROL_PERMISSION = 'sbuilding:device:control';

/** Handling alerts (process, ignore, ignore all); display screens only look. */
export const ALERT_HANDLE_PERMISSION = 'sbuilding:alert:handle';

/**
 * The mini-program's calls (/sbuilding/wx/*): a weixin customer's only way in, limited to its buildings
 * (`hallIds`); a tbAdmin may open the page too, to see what occupants see.
 */
export const MINI_PROGRAM_PERMISSION = 'sbuilding:wx:use';

/** Permissions each role carries; one place, read by the server and (through getInfo) the console. */
export const ROLE_PERMISSIONS: Record<Role, readonly string[]> = {
  admin: [ALL_PERMISSION],
  tbAdmin: [
    TENANT_TOOLS_PERMISSION,
    DEVICE_CONTROL_PERMISSION,
    ALERT_HANDLE_PERMISSION,
    MINI_PROGRAM_PERMISSION,
  ],
  tbCustomer: [DEVICE_CONTROL_PERMISSION, ALERT_HANDLE_PERMISSION],
  tbVisualDisplay: [],
  /**
   * Switching lights and ACs of its own buildings: every route it may call is a mini-program one, and those
   * check the building (the device control permission lets the command path send for it).
   */
  tbWeixinCustomer: [MINI_PROGRAM_PERMISSION, DEVICE_CONTROL_PERMISSION],
  ROLE_DEFAULT: [],
};

export function isRole(value: string): value is Role {
  return ROLES.some((r) => r === value);
}

/** An empty roles list becomes ROLE_DEFAULT (spec section 4). */
export function effectiveRoles(roles: readonly string[]): Role[] {
  const known = roles.filter(isRole);
  return known.length > 0 ? known : ['ROLE_DEFAULT'];
}

export function permissionsForRoles(roles: readonly Role[]): string[] {
  return [...new Set(roles.flatMap((r) => ROLE_PERMISSIONS[r]))];
}

/** The role directive: admin passes, otherwise one of the listed roles must match. */
export function hasAnyRole(userRoles: readonly string[], required: readonly string[]): boolean {
  return userRoles.includes('admin') || required.some((r) => userRoles.includes(r));
}

/** The permission directive: `*:*:*` passes, otherwise one listed permission must match. */
export function hasAnyPermission(userPermissions: readonly string[], required: readonly string[]): boolean {
  return userPermissions.includes(ALL_PERMISSION) || required.some((p) => userPermissions.includes(p));
}

/**
 * Roles whose scope is limited to the buildings named on the account (`hallIds`): the occupants of a
 * building, who reach only the mini-program's calls.
 */
export const BUILDING_BOUND_ROLES: readonly Role[] = ['tbWeixinCustomer'];

/** Whether an account of these roles belongs to buildings (and must name at least one). */
export function isBuildingBound(roles: readonly string[]): boolean {
  return roles.some((r) => BUILDING_BOUND_ROLES.some((b) => b === r));
}
