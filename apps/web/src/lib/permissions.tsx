import type { ReactNode } from 'react';
import {
  accessDenial,
  hasAnyPermission,
  hasAnyRole,
  type AccessAction,
  type AccessDenial,
  type PrincipalLimits,
} from '@sbuilding/shared';
import { useSession, type SessionState } from './session';

/** The errors of spec section 5 for a directive given no list; developer errors, so not translated. */
export const ROLE_LIST_REQUIRED = '请设置角色权限标签值';
export const PERMISSION_LIST_REQUIRED = '请设置操作权限标签值';

function requireList(list: readonly string[] | undefined, error: string): readonly string[] {
  if (!list || list.length === 0) throw new Error(error);
  return list;
}

/** The role directive of spec section 6: admin, or one of the listed roles. */
export function hasRole(roles: readonly string[] | undefined): boolean {
  const required = requireList(roles, ROLE_LIST_REQUIRED);
  return hasAnyRole(useSession.getState().roles, required);
}

/** The permission directive of spec section 6: `*:*:*`, or one of the listed permissions. */
export function hasPermission(permissions: readonly string[] | undefined): boolean {
  const required = requireList(permissions, PERMISSION_LIST_REQUIRED);
  return hasAnyPermission(useSession.getState().permissions, required);
}

export function useHasRole(roles: readonly string[] | undefined): boolean {
  const required = requireList(roles, ROLE_LIST_REQUIRED);
  return useSession((s) => hasAnyRole(s.roles, required));
}

export function useHasPermission(permissions: readonly string[] | undefined): boolean {
  const required = requireList(permissions, PERMISSION_LIST_REQUIRED);
  return useSession((s) => hasAnyPermission(s.permissions, required));
}

interface HasRoleProps {
  roles: readonly string[];
  children: ReactNode;
}

/** Renders its children only for admin or one of `roles`. */
export function HasRole({ roles, children }: HasRoleProps) {
  return useHasRole(roles) ? children : null;
}

interface HasPermissionProps {
  permissions: readonly string[];
  children: ReactNode;
}

/** Renders its children only for `*:*:*` or one of `permissions`. */
export function HasPermission({ permissions, children }: HasPermissionProps) {
  return useHasPermission(permissions) ? children : null;
}

/** The signed-in person as the access policy sees them: the console is always a person's session. */
function sessionPrincipal(state: Pick<SessionState, 'roles' | 'permissions'>): PrincipalLimits {
  return { roles: state.roles, permissions: state.permissions, credential: 'session' };
}

/**
 * Why the signed-in person may not take an action (`accessDenial` of the shared policy, the one the server
 * enforces), or null when they may. Re-renders when the session's roles or permissions change.
 */
export function useAccessDenial(action: AccessAction): AccessDenial | null {
  return useSession((s) => accessDenial(sessionPrincipal(s), action));
}

/**
 * Whether the signed-in person may take an action: pages offer a button or a form only when the server
 * would accept the call it makes.
 */
export function useCan(action: AccessAction): boolean {
  return useAccessDenial(action) === null;
}
