import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen, act } from '@testing-library/react';
import {
  HasPermission,
  HasRole,
  hasPermission,
  hasRole,
  PERMISSION_LIST_REQUIRED,
  ROLE_LIST_REQUIRED,
  useAccessDenial,
  useCan,
  useHasRole,
} from './permissions';
import { permissionsForRoles, type Role } from '@sbuilding/shared';
import { useSession } from './session';

function signIn(roles: string[], permissions: string[] = []) {
  useSession.setState({ roles, permissions });
}

beforeEach(() => useSession.getState().reset());

describe('role directive', () => {
  it('passes a user holding one of the listed roles', () => {
    signIn(['tbCustomer']);
    expect(hasRole(['tbAdmin', 'tbCustomer'])).toBe(true);
  });

  it('refuses a user holding none of the listed roles', () => {
    signIn(['tbCustomer']);
    expect(hasRole(['tbAdmin'])).toBe(false);
  });

  it('always passes admin', () => {
    signIn(['admin']);
    expect(hasRole(['tbVisualDisplay'])).toBe(true);
  });

  it('throws the Chinese error when given no list', () => {
    signIn(['admin']);
    expect(() => hasRole([])).toThrow(ROLE_LIST_REQUIRED);
    expect(() => hasRole(undefined)).toThrow('请设置角色权限标签值');
  });

  it('renders children only for a matching role', () => {
    signIn(['tbCustomer']);
    render(
      <>
        <HasRole roles={['tbAdmin']}>
          <button type="button">Shortcuts</button>
        </HasRole>
        <HasRole roles={['tbCustomer']}>
          <button type="button">Boards</button>
        </HasRole>
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Shortcuts' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boards' })).toBeInTheDocument();
  });

  it('re-renders when the session roles change', () => {
    const { result } = renderHook(() => useHasRole(['tbAdmin']));
    expect(result.current).toBe(false);
    act(() => signIn(['tbAdmin']));
    expect(result.current).toBe(true);
  });

  it('makes the component throw when given no list', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<HasRole roles={[]}>x</HasRole>)).toThrow(ROLE_LIST_REQUIRED);
  });
});

describe('permission directive', () => {
  it('passes a user holding a listed permission', () => {
    signIn(['tbAdmin'], ['sbuilding:tools:tenant']);
    expect(hasPermission(['sbuilding:tools:tenant'])).toBe(true);
  });

  it('refuses a user without it, even an admin by role alone', () => {
    signIn(['admin'], []);
    expect(hasPermission(['sbuilding:tools:tenant'])).toBe(false);
  });

  it('always passes the *:*:* wildcard', () => {
    signIn(['admin'], ['*:*:*']);
    expect(hasPermission(['anything:at:all'])).toBe(true);
  });

  it('throws the Chinese error when given no list', () => {
    expect(() => hasPermission([])).toThrow(PERMISSION_LIST_REQUIRED);
    expect(() => hasPermission(undefined)).toThrow('请设置操作权限标签值');
  });

  it('renders children only with a matching permission', () => {
    signIn(['tbAdmin'], ['sbuilding:tools:tenant']);
    render(
      <>
        <HasPermission permissions={['sbuilding:tools:tenant']}>
          <a href="/buildingUser">Users</a>
        </HasPermission>
        <HasPermission permissions={['system:config:edit']}>
          <a href="/config">Config</a>
        </HasPermission>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Config' })).not.toBeInTheDocument();
  });
});

describe('the access policy in the console', () => {
  const as = (role: Role) => signIn([role], permissionsForRoles([role]));

  it('lets a project administrator change devices, and tells a customer it may only read them', () => {
    as('tbAdmin');
    expect(renderHook(() => useCan('devices:write')).result.current).toBe(true);
    as('tbCustomer');
    expect(renderHook(() => useCan('devices:read')).result.current).toBe(true);
    expect(renderHook(() => useCan('devices:write')).result.current).toBe(false);
    expect(renderHook(() => useAccessDenial('devices:write')).result.current).toBe('role');
  });

  it('gives a weixin customer no API keys, as the server refuses them', () => {
    as('tbWeixinCustomer');
    expect(renderHook(() => useCan('apiKeys:read')).result.current).toBe(false);
    expect(renderHook(() => useCan('miniProgram:read')).result.current).toBe(true);
  });

  it('needs both the role and the permission where an action names both', () => {
    // A display screen reads the project but switches nothing; a role alone without the permission is refused.
    as('tbVisualDisplay');
    expect(renderHook(() => useCan('devices:control')).result.current).toBe(false);
    signIn(['tbCustomer'], []);
    expect(renderHook(() => useCan('devices:control')).result.current).toBe(false);
    as('tbCustomer');
    expect(renderHook(() => useCan('devices:control')).result.current).toBe(true);
  });

  it('answers a person’s session, which may take session-only actions', () => {
    as('tbCustomer');
    expect(renderHook(() => useAccessDenial('account:write')).result.current).toBeNull();
  });

  it('re-renders when the session changes', () => {
    const { result } = renderHook(() => useCan('platform:read'));
    expect(result.current).toBe(false);
    act(() => as('admin'));
    expect(result.current).toBe(true);
  });
});
