import { describe, expect, it } from 'vitest';
import { isAllowedProviderUrl, registerFormSchema, ssoProviderCreateBodySchema } from './sso.js';

describe('identity provider addresses', () => {
  it.each([
    'https://login.example.com/realms/campus',
    'http://127.0.0.1:4000',
    'http://localhost:8080/idp',
    'http://[::1]:9000/',
  ])('accepts %s', (url) => expect(isAllowedProviderUrl(url)).toBe(true));

  it.each([
    'http://login.example.com',
    'http://127.0.0.1.evil.example/',
    'http://user:pass@localhost/',
    'https://login.example.com/#frag',
    'javascript:alert(1)',
    'ftp://localhost/',
    '',
  ])('refuses %s', (url) => expect(isAllowedProviderUrl(url)).toBe(false));
});

describe('provider and registration forms', () => {
  it('asks an OAuth 2.0 provider for its three endpoints', () => {
    const result = ssoProviderCreateBodySchema.safeParse({
      name: 'WeCom',
      protocol: 'oauth2',
      issuer: 'https://open.work.weixin.qq.com',
      clientId: 'corp',
      clientSecret: 'secret',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual([
      'authorizationEndpoint',
      'tokenEndpoint',
      'userinfoEndpoint',
    ]);
  });

  it("says 'Passwords is different' when the confirmation differs", () => {
    const result = registerFormSchema.safeParse({
      invitation: 'x',
      username: 'newbie',
      password: 'secret1',
      confirmPassword: 'secret2',
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['confirmPassword'], message: 'passwordsDifferent' },
    ]);
  });
});
