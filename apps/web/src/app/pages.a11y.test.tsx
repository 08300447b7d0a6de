import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { permissionsForRoles, routesForUser, type Role } from '@sbuilding/shared';
import { removeToken, setToken } from '@/lib/auth-token';
import { setLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { envelope, serve } from '@/test/http';
import { renderApp } from '@/test/render-app';

const USER = {
  userId: 2,
  deptId: 100,
  userName: 'manager',
  nickName: 'Manager',
  avatar: '',
  email: 'm@example.com',
  phonenumber: '13800000000',
  sex: '0',
  createTime: '2024-01-01T00:00:00Z',
};

function signedIn(roles: Role[]) {
  setToken('t');
  const permissions = permissionsForRoles(roles);
  serve({
    '/getInfo': envelope(200, { user: USER, roles, permissions }),
    '/getRouters': envelope(200, routesForUser(roles, permissions)),
    '/system/user/profile': envelope(200, {
      user: USER,
      roleGroup: roles.join(','),
      deptName: 'Demo Tenant',
    }),
  });
}

/** Lazy pages and the layout take a while on a busy machine. */
const WAIT = { timeout: 20_000 };
/** axe over the whole layout in jsdom is slow. */
const SLOW = 60_000;

beforeEach(() => {
  removeToken();
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().reset();
});
afterEach(() => vi.restoreAllMocks());

describe.each(['en', 'zh-CN'] as const)('accessibility of the login page in %s', (lng) => {
  beforeEach(() => setLanguage(lng));

  it(
    'finds nothing serious on the login page',
    async () => {
      serve({
        '/captchaImage': envelope(200, {
          captchaEnabled: true,
          uuid: 'u',
          img: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      });
      renderApp('/login');
      await screen.findByRole('img', { name: lng === 'en' ? 'captcha' : '验证码' }, WAIT);
      expect(await seriousViolations()).toEqual([]);
    },
    SLOW,
  );
});

/** Layout, catalogues and markup do not change between languages: one language is enough here. */
describe('accessibility of the console pages', () => {
  beforeEach(() => setLanguage('en'));

  it(
    'finds nothing serious on the error pages',
    async () => {
      signedIn(['admin']);
      const app = renderApp('/404');
      await screen.findByRole('heading', { name: '404' }, WAIT);
      expect(await seriousViolations()).toEqual([]);
      await app.router.navigate('/401');
      await screen.findByRole('heading', { name: '401' }, WAIT);
      expect(await seriousViolations()).toEqual([]);
    },
    SLOW,
  );

  it(
    'finds nothing serious on the guide',
    async () => {
      signedIn(['tbAdmin']);
      renderApp('/guide');
      await screen.findByRole('button', { name: 'Continue' }, WAIT);
      expect(await seriousViolations()).toEqual([]);
    },
    SLOW,
  );

  it(
    'finds nothing serious on the home page',
    async () => {
      signedIn(['admin']);
      renderApp('/index');
      await screen.findByRole('heading', { name: 'Welcome, Manager' }, WAIT);
      expect(await seriousViolations()).toEqual([]);
    },
    SLOW,
  );

  it(
    'finds nothing serious on the profile page',
    async () => {
      signedIn(['admin']);
      renderApp('/user/profile');
      await screen.findByRole('tab', { name: 'Basic information' }, WAIT);
      expect(await seriousViolations()).toEqual([]);
    },
    SLOW,
  );

  it(
    'finds nothing serious on the code-generation edit page of a table not in the generator',
    async () => {
      signedIn(['admin']);
      renderApp('/gen/edit/1');
      await screen.findByText('No such table in the generator', {}, WAIT);
      expect(await seriousViolations()).toEqual([]);
    },
    SLOW,
  );
});
