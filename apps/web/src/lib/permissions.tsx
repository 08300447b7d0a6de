import type { ReactNode } from 'react';
import { hasAnyPermission, hasAnyRole } from '@sbuilding/shared';
import { useSession } from './session';

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
