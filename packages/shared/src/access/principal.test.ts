import { describe, expect, it } from 'vitest';
import { ACCESS_ACTION_NAMES, accessRule } from './actions.js';
import { accessDenial, can, type PrincipalLimits } from './principal.js';
import { permissionsForRoles, type Role } from '../roles.js';

const session = (role: Role): PrincipalLimits => ({
  roles: [role],
  permissions: permissionsForRoles([role]),
  credential: 'session',
});
const key = (role: Role, limits: { readOnly?: boolean; projectLimited?: boolean } = {}): PrincipalLimits => ({
  ...session(role),
  credential: 'apiKey',
  ...limits,
});

describe('the access policy', () => {
  it('refuses a key limited to some projects every act of tenant administration and every platform write', () => {
    const limited = key('tbAdmin', { projectLimited: true });
    for (const action of ['users:write', 'users:read', 'deviceSecrets:read', 'projects:create'] as const)
      expect(accessDenial(limited, action)).toBe('projectLimited');
    expect(accessDenial(key('admin', { projectLimited: true }), 'platform:write')).toBe('projectLimited');
    expect(accessDenial(key('admin', { projectLimited: true }), 'reference:write')).toBe('projectLimited');
    // What its projects hold stays open to it.
    expect(can(limited, 'projects:write')).toBe(true);
    expect(can(limited, 'devices:control')).toBe(true);
    expect(can(limited, 'reference:read')).toBe(true);
  });

  it('keeps minting credentials, signing out and the profile to a person’s session', () => {
    for (const action of [
      'apiKeys:write',
      'apiKeys:read',
      'identities:write',
      'account:write',
      'deviceSecrets:write',
    ] as const) {
      expect(accessDenial(key('tbAdmin'), action)).toBe('sessionOnly');
      expect(can(session('tbAdmin'), action)).toBe(true);
    }
  });

  it('treats reading a device’s credentials as a write: a read-only key may not', () => {
    expect(accessDenial(key('tbAdmin', { readOnly: true }), 'deviceSecrets:read')).toBe('readOnly');
    expect(can(key('tbAdmin'), 'deviceSecrets:read')).toBe(true);
  });

  it('refuses a read-only key every write and lets it read', () => {
    const readOnly = key('tbAdmin', { readOnly: true });
    for (const action of ACCESS_ACTION_NAMES) {
      const rule = accessRule(action);
      if (rule.sessionOnly) continue;
      const denial = accessDenial(readOnly, action);
      if (rule.mode === 'write') expect(denial, action).toBe('readOnly');
      else expect(denial === null || denial === 'role', action).toBe(true);
    }
  });

  it('lets a display only look, and a weixin customer only use the mini-program', () => {
    expect(accessDenial(session('tbVisualDisplay'), 'devices:control')).toBe('role');
    expect(accessDenial(session('tbVisualDisplay'), 'alerts:handle')).toBe('role');
    expect(can(session('tbVisualDisplay'), 'projects:read')).toBe(true);
    const occupant = session('tbWeixinCustomer');
    const open = ACCESS_ACTION_NAMES.filter((action) => can(occupant, action));
    expect(open.sort()).toEqual(
      [
        'account:read',
        'account:write',
        'identities:write',
        'miniProgram:control',
        'miniProgram:read',
        'reference:read',
      ].sort(),
    );
  });

  it('gives the platform administrator every action with its session', () => {
    for (const action of ACCESS_ACTION_NAMES) expect(can(session('admin'), action), action).toBe(true);
  });

  it('leaves the tenant’s users to those with the tenant tools permission', () => {
    expect(can(session('tbAdmin'), 'users:write')).toBe(true);
    expect(accessDenial(session('tbCustomer'), 'users:read')).toBe('role');
  });
});
