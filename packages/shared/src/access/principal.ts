import { hasAnyPermission, hasAnyRole } from '../roles.js';
import { accessRule, type AccessAction } from './actions.js';

/** How a caller proved who it is. */
export type Credential = 'session' | 'apiKey';

/**
 * What the policy needs to know of a caller to decide whether it may take an action: who (roles and their
 * permissions), how (a person's session or an API key) and its limits. Rows are compared later, one by one,
 * against its tenant, projects and buildings (the server's ancestry check).
 */
export interface PrincipalLimits {
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
  readonly credential: Credential;
  /** A read-only API key. */
  readonly readOnly?: boolean;
  /** An API key limited to some projects. */
  readonly projectLimited?: boolean;
}

/** Why a caller may not take an action. */
export type AccessDenial = 'role' | 'sessionOnly' | 'readOnly' | 'projectLimited';

/**
 * Why this caller may not take this action, or null when it may. In this order: the credential (a session
 * only?), a read-only key on a write, a project-limited key on the tenant's administration or a platform
 * write, then the roles and permissions.
 */
export function accessDenial(principal: PrincipalLimits, action: AccessAction): AccessDenial | null {
  const rule = accessRule(action);
  if (principal.credential === 'apiKey') {
    if (rule.sessionOnly) return 'sessionOnly';
    if (principal.readOnly && rule.mode === 'write') return 'readOnly';
    if (
      principal.projectLimited &&
      (rule.level === 'tenant' || (rule.level === 'platform' && rule.mode === 'write'))
    )
      return 'projectLimited';
  }
  if (rule.roles && !hasAnyRole(principal.roles, rule.roles)) return 'role';
  if (rule.permissions && !hasAnyPermission(principal.permissions, rule.permissions)) return 'role';
  return null;
}

/** Whether this caller may take this action (before its rows are compared). */
export function can(principal: PrincipalLimits, action: AccessAction): boolean {
  return accessDenial(principal, action) === null;
}
