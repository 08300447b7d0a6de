import { beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@sbuilding/shared';
import { defaultAvatar, sessionRoles, useSession } from './session';

function info(overrides: Partial<UserInfo['user']> = {}, roles: string[] = ['tbAdmin']): UserInfo {
  return {
    user: {
      userId: 3,
      deptId: 100,
      userName: 'manager',
      nickName: 'Manager',
      avatar: '',
      email: 'm@example.com',
      phonenumber: '13800000000',
      sex: '0',
      createTime: '2024-01-01T00:00:00Z',
      ...overrides,
    },
    roles,
    permissions: ['sbuilding:tools:tenant'],
  };
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().reset();
});

describe('session store', () => {
  it('takes the name from userName and stores deptId and userId locally', () => {
    useSession.getState().setUserInfo(info());
    expect(useSession.getState()).toMatchObject({
      name: 'manager',
      nickName: 'Manager',
      deptId: 100,
      userId: 3,
    });
    expect(localStorage.getItem('deptId')).toBe('100');
    expect(localStorage.getItem('userId')).toBe('3');
  });

  it('uses the default avatar when the user has none', () => {
    useSession.getState().setUserInfo(info({ avatar: '' }));
    expect(useSession.getState().avatar).toBe(defaultAvatar);
    useSession.getState().setUserInfo(info({ avatar: '/profile/a.png' }));
    expect(useSession.getState().avatar).toBe('/profile/a.png');
  });

  it('turns an empty roles list into ROLE_DEFAULT', () => {
    expect(sessionRoles([], false)).toEqual(['ROLE_DEFAULT']);
  });

  it('makes a weixin customer a project admin in mini-program mode only', () => {
    expect(sessionRoles(['tbWeixinCustomer'], true)).toEqual(['tbAdmin']);
    expect(sessionRoles(['tbWeixinCustomer'], false)).toEqual(['tbWeixinCustomer']);
    localStorage.setItem('miniprogram', 'true');
    useSession.getState().setUserInfo(info({}, ['tbWeixinCustomer']));
    expect(useSession.getState().roles).toEqual(['tbAdmin']);
  });

  it('is loaded only once the routes are set, and forgets everything on reset', () => {
    useSession.getState().setUserInfo(info());
    expect(useSession.getState().loaded).toBe(false);
    useSession.getState().setRoutes([]);
    expect(useSession.getState().loaded).toBe(true);
    useSession.getState().reset();
    expect(useSession.getState()).toMatchObject({
      roles: [],
      permissions: [],
      loaded: false,
      token: undefined,
    });
    expect(localStorage.getItem('userId')).toBeNull();
  });
});
