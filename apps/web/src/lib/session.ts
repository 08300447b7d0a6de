import { create } from 'zustand';
import { effectiveRoles, STORAGE_KEYS, type RouteRecord, type UserInfo } from '@sbuilding/shared';
import defaultAvatar from '@/assets/avatar.svg';
import { getToken } from './auth-token';
import { isMiniProgram, writeStored } from './storage';

export { defaultAvatar };

export interface SessionState {
  token: string | undefined;
  /** The login name (getInfo's user.userName). */
  name: string;
  nickName: string;
  /** Always a usable image URL: the bundled default when the user has none. */
  avatar: string;
  roles: string[];
  permissions: string[];
  deptId: number | null;
  userId: number | null;
  /** Unread reports, shown in the navbar's notification badge. */
  reportCount: number;
  /** The caller's menu from GET /getRouters (already filtered by the server for the user's roles). */
  routes: RouteRecord[];
  /** True once user info AND routes are loaded for the current token. */
  loaded: boolean;
  setToken: (token: string | undefined) => void;
  setUserInfo: (info: UserInfo) => void;
  setRoutes: (routes: RouteRecord[]) => void;
  setReportCount: (count: number) => void;
  /** Forgets everything about the user (logout). The cookie is cleared by the caller. */
  reset: () => void;
}

/**
 * Roles as the console uses them (spec section 4): an empty list becomes ROLE_DEFAULT, and a weixin
 * customer in mini-program mode acts as a project administrator.
 */
export function sessionRoles(roles: readonly string[], miniProgram: boolean): string[] {
  const effective = effectiveRoles(roles);
  if (!miniProgram) return effective;
  return [...new Set(effective.map((r) => (r === 'tbWeixinCustomer' ? 'tbAdmin' : r)))];
}

function emptySession() {
  return {
    name: '',
    nickName: '',
    avatar: defaultAvatar,
    roles: [],
    permissions: [],
    deptId: null,
    userId: null,
    reportCount: 0,
    routes: [],
    loaded: false,
  };
}

export const useSession = create<SessionState>()((set) => ({
  token: getToken(),
  ...emptySession(),
  setToken: (token) => set({ token }),
  setUserInfo: ({ user, roles, permissions }) => {
    // The socket client and later features read these two from storage (spec section 3).
    writeStored(STORAGE_KEYS.deptId, user.deptId);
    writeStored(STORAGE_KEYS.userId, user.userId);
    set({
      name: user.userName,
      nickName: user.nickName,
      avatar: user.avatar || defaultAvatar,
      roles: sessionRoles(roles, isMiniProgram()),
      permissions,
      deptId: user.deptId,
      userId: user.userId,
    });
  },
  setRoutes: (routes) => set({ routes, loaded: true }),
  setReportCount: (reportCount) => set({ reportCount }),
  reset: () => {
    writeStored(STORAGE_KEYS.deptId, null);
    writeStored(STORAGE_KEYS.userId, null);
    set({ token: undefined, ...emptySession() });
  },
}));
