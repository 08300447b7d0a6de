import { describe, expect, it } from 'vitest';
import {
  userCreateBodySchema,
  userListBodySchema,
  userResetPwdFormSchema,
  userSaveBodySchema,
} from './user.js';
import { tenantCreateBodySchema, tenantSaveBodySchema } from './tenant.js';

/** The first issue as "path: message", the way the server's error handler reads it. */
function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'ok';
}

const user = { userName: 'jane.doe', nickName: 'Jane', password: 'secret1', role: 'tbCustomer' };

describe('user schemas', () => {
  it('accepts a user with username, nickname, password and role, defaulting the rest', () => {
    expect(userCreateBodySchema.parse(user)).toEqual({
      ...user,
      email: '',
      phonenumber: '',
      sex: '2',
      avatar: '',
      blacklisted: false,
      hallIds: [],
    });
  });

  it('needs the buildings of a weixin customer, once each, and ignores none for other roles', () => {
    const check = (extra: object) => firstIssue(userCreateBodySchema.safeParse({ ...user, ...extra }));
    expect(check({ role: 'tbWeixinCustomer' })).toBe('hallIds: required');
    expect(check({ role: 'tbWeixinCustomer', hallIds: [] })).toBe('hallIds: required');
    expect(check({ role: 'tbWeixinCustomer', hallIds: [0] })).toBe('hallIds.0: invalid');
    expect(check({ role: 'tbCustomer', hallIds: [] })).toBe('ok');
    const parsed = userCreateBodySchema.parse({ ...user, role: 'tbWeixinCustomer', hallIds: [3, 3, 5] });
    expect(parsed.hallIds).toEqual([3, 5]);
  });

  it('takes usernames of 2-30 letters, digits, _ . and - only', () => {
    const check = (userName: string) => firstIssue(userCreateBodySchema.safeParse({ ...user, userName }));
    expect(['ab', 'A_b.c-9', 'x'.repeat(30)].map(check)).toEqual(['ok', 'ok', 'ok']);
    expect(['a', 'x'.repeat(31), 'jane doe', 'jané', 'a/b'].map(check)).toEqual(
      Array(5).fill('userName: userNameFormat'),
    );
    expect(check('  ')).toBe('userName: required');
  });

  it('checks email and phone only when given', () => {
    const check = (extra: object) => firstIssue(userCreateBodySchema.safeParse({ ...user, ...extra }));
    expect(check({ email: '', phonenumber: '' })).toBe('ok');
    expect(check({ email: 'jane@' })).toBe('email: email');
    expect(check({ phonenumber: '12' })).toBe('phonenumber: phone');
  });

  it('wants a password of 6-20 characters, and says "required" when it is empty', () => {
    const check = (password: string) => firstIssue(userCreateBodySchema.safeParse({ ...user, password }));
    expect([check('12345'), check('x'.repeat(21)), check('')]).toEqual([
      'password: passwordLength',
      'password: passwordLength',
      'password: required',
    ]);
  });

  it('refuses roles outside the assignable ones and avatars that are not a path or http(s) URL', () => {
    expect(firstIssue(userCreateBodySchema.safeParse({ ...user, role: 'ROLE_DEFAULT' }))).toBe(
      'role: invalid',
    );
    expect(firstIssue(userCreateBodySchema.safeParse({ ...user, role: '' }))).toBe('role: required');
    for (const avatar of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/a.png']) {
      expect(firstIssue(userCreateBodySchema.safeParse({ ...user, avatar }))).toBe('avatar: invalid');
    }
    expect(firstIssue(userCreateBodySchema.safeParse({ ...user, avatar: '/files/a.png' }))).toBe('ok');
  });

  it('needs the version on save and ignores username and password there', () => {
    const { userName: _u, password: _p, ...fields } = user;
    expect(firstIssue(userSaveBodySchema.safeParse(fields))).toBe('version: required');
    expect(userSaveBodySchema.parse({ ...user, version: 1 })).not.toHaveProperty('password');
  });

  it('wants the reset password confirmed', () => {
    const form = { password: 'secret1', confirmPassword: 'secret2' };
    expect(firstIssue(userResetPwdFormSchema.safeParse(form))).toBe('confirmPassword: passwordsDifferent');
  });

  it('treats empty and null list filters as no filter', () => {
    expect(
      userListBodySchema.parse({
        userName: '',
        phonenumber: null,
        role: '',
        blacklisted: null,
        tenantId: null,
      }),
    ).toEqual({
      pageNum: 1,
      pageSize: 20,
      userName: undefined,
      phonenumber: undefined,
      role: undefined,
      blacklisted: undefined,
      tenantId: undefined,
    });
  });
});

describe('tenant schemas', () => {
  const admin = { userName: 'acme_admin', nickName: 'Acme admin', password: 'secret1' };

  it('accepts a tenant with its first administrator', () => {
    expect(tenantCreateBodySchema.parse({ name: 'Acme', admin })).toMatchObject({
      name: 'Acme',
      contactName: '',
      contactPhone: '',
      admin: { ...admin, email: '', phonenumber: '' },
    });
  });

  it('requires the name and the administrator, and checks the administrator like any user', () => {
    expect(firstIssue(tenantCreateBodySchema.safeParse({ name: ' ', admin }))).toBe('name: required');
    expect(firstIssue(tenantCreateBodySchema.safeParse({ name: 'Acme' }))).toBe('admin: required');
    const badAdmin = { ...admin, password: '123' };
    expect(firstIssue(tenantCreateBodySchema.safeParse({ name: 'Acme', admin: badAdmin }))).toBe(
      'admin.password: passwordLength',
    );
    expect(firstIssue(tenantCreateBodySchema.safeParse({ name: 'Acme', admin, contactPhone: 'x' }))).toBe(
      'contactPhone: phone',
    );
  });

  it("knows only status '0' (active) and '1' (disabled)", () => {
    const body = { name: 'Acme', version: 1 };
    expect(firstIssue(tenantSaveBodySchema.safeParse({ ...body, status: '2' }))).toBe('status: invalid');
    expect(firstIssue(tenantSaveBodySchema.safeParse({ ...body, status: '1' }))).toBe('ok');
  });
});
