import { describe, expect, it } from 'vitest';
import { MENU_ROUTES, permissionsForRoles, routesForUser, type Role } from '@sbuilding/shared';
import { decideRoute, type GuardInput } from './route-guard';

/** A signed-in, loaded user of these roles, as GET /getInfo and /getRouters would describe them. */
function as(roles: Role[], overrides: Partial<GuardInput> = {}): GuardInput {
  const permissions = permissionsForRoles(roles);
  return {
    pathname: '/',
    search: '',
    hasToken: true,
    loaded: true,
    roles,
    permissions,
    routes: routesForUser(roles, permissions, MENU_ROUTES),
    projectId: '1',
    guideSkipped: false,
    miniProgram: false,
    ...overrides,
  };
}

const anonymous = (pathname: string, search = ''): GuardInput =>
  as([], { pathname, search, hasToken: false, loaded: false, roles: [], permissions: [], routes: [] });

describe('decideRoute without a session', () => {
  it.each(['/login', '/auth-redirect', '/bind', '/register', '/404', '/401'])('opens %s', (path) => {
    expect(decideRoute(anonymous(path))).toEqual({ action: 'allow' });
  });

  it('sends any other path to the login page with the full path to come back to', () => {
    expect(decideRoute(anonymous('/board/energy', '?period=WEEK'))).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fboard%2Fenergy%3Fperiod%3DWEEK',
    });
    expect(decideRoute(anonymous('/'))).toEqual({ action: 'redirect', to: '/login?redirect=%2F' });
  });

  it('sends unknown paths to the login page too: whether a page exists is not told to strangers', () => {
    expect(decideRoute(anonymous('/no/such/page'))).toMatchObject({
      to: '/login?redirect=%2Fno%2Fsuch%2Fpage',
    });
  });
});

describe('decideRoute with a token', () => {
  it('redirects /login to /', () => {
    expect(decideRoute(as(['admin'], { pathname: '/login' }))).toEqual({ action: 'redirect', to: '/' });
  });

  it('redirects /login to its redirect query when that is a path of this site', () => {
    const input = as(['admin'], { pathname: '/login', search: '?redirect=%2Fdashboard' });
    expect(decideRoute(input)).toEqual({ action: 'redirect', to: '/dashboard' });
  });

  it('ignores a redirect query pointing to another site', () => {
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      const input = as(['admin'], { pathname: '/login', search: `?redirect=${encodeURIComponent(target)}` });
      expect(decideRoute(input)).toEqual({ action: 'redirect', to: '/' });
    }
  });

  it('loads user info and routes before anything else', () => {
    expect(decideRoute(as(['admin'], { pathname: '/tenant', loaded: false }))).toEqual({ action: 'load' });
    expect(decideRoute(as(['admin'], { pathname: '/404', loaded: false }))).toEqual({ action: 'load' });
  });

  it('sends the empty path to the home page of the role', () => {
    expect(decideRoute(as(['admin'], { pathname: '/' }))).toEqual({ action: 'redirect', to: '/index' });
    expect(decideRoute(as(['tbCustomer'], { pathname: '/' }))).toEqual({
      action: 'redirect',
      to: '/board/index',
    });
    expect(decideRoute(as(['tbVisualDisplay'], { pathname: '/' }))).toEqual({
      action: 'redirect',
      to: '/board/index',
    });
  });

  it('allows the pages every session has', () => {
    for (const path of ['/index', '/user/profile', '/guide', '/redirect/board/index', '/404']) {
      expect(decideRoute(as(['tbCustomer'], { pathname: path }))).toEqual({ action: 'allow' });
    }
  });

  it('allows a menu page of the role, including one with a numeric id', () => {
    expect(decideRoute(as(['tbCustomer'], { pathname: '/board/energy' }))).toEqual({ action: 'allow' });
    expect(decideRoute(as(['tbAdmin'], { pathname: '/devPosition' }))).toEqual({ action: 'allow' });
    expect(decideRoute(as(['admin'], { pathname: '/tenant' }))).toEqual({ action: 'allow' });
    expect(decideRoute(as(['tbCustomer'], { pathname: '/dict/type/data/12' }))).toEqual({ action: 'allow' });
  });

  it('sends a group path to its landing page', () => {
    expect(decideRoute(as(['tbCustomer'], { pathname: '/board' }))).toEqual({
      action: 'redirect',
      to: '/board/index',
    });
    expect(decideRoute(as(['tbAdmin'], { pathname: '/console' }))).toEqual({
      action: 'redirect',
      to: '/project',
    });
  });

  it('sends a page of the product the role may not see to /401', () => {
    expect(decideRoute(as(['tbCustomer'], { pathname: '/tenant' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
    expect(decideRoute(as(['tbCustomer'], { pathname: '/scene' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
    expect(decideRoute(as(['tbVisualDisplay'], { pathname: '/device' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
  });

  it('sends a hidden page the role may not see to /401, as the server no longer lists it', () => {
    for (const role of ['tbAdmin', 'tbCustomer', 'tbVisualDisplay', 'tbWeixinCustomer'] as const) {
      expect(decideRoute(as([role], { pathname: '/gen/edit/7' })), role).toEqual({
        action: 'redirect',
        to: '/401',
      });
    }
    expect(decideRoute(as(['admin'], { pathname: '/gen/edit/7' }))).toEqual({ action: 'allow' });
    expect(decideRoute(as(['tbCustomer'], { pathname: '/scenes/edit' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
  });

  it('opens the add and edit pages a customer may read (they show read-only) and keeps a weixin customer out', () => {
    for (const path of ['/group/edit', '/group/add', '/device/add', '/scenes/add', '/job/log']) {
      expect(decideRoute(as(['tbCustomer'], { pathname: path })), path).toEqual({ action: 'allow' });
      expect(decideRoute(as(['tbWeixinCustomer'], { pathname: path })), path).toEqual({
        action: 'redirect',
        to: '/401',
      });
    }
    expect(decideRoute(as(['tbWeixinCustomer'], { pathname: '/dashboard' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
  });

  it('sends a session page needing an action the person may not take to /401', () => {
    expect(decideRoute(as(['tbCustomer'], { pathname: '/wxProgram' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
    expect(decideRoute(as(['tbWeixinCustomer'], { pathname: '/guide' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
    // The profile is everyone's (its API-keys tab is not: the page leaves it out).
    expect(decideRoute(as(['tbWeixinCustomer'], { pathname: '/user/profile' }))).toEqual({ action: 'allow' });
  });

  it('checks route meta on the client even when the server listed the route', () => {
    const input = as(['tbCustomer'], { pathname: '/tenant', routes: MENU_ROUTES });
    expect(decideRoute(input)).toEqual({ action: 'redirect', to: '/401' });
  });

  it('guards the permission-only users page by permission', () => {
    expect(decideRoute(as(['tbAdmin'], { pathname: '/buildingUser' }))).toEqual({ action: 'allow' });
    expect(decideRoute(as(['tbCustomer'], { pathname: '/buildingUser' }))).toEqual({
      action: 'redirect',
      to: '/401',
    });
  });

  it('sends unknown paths to /404', () => {
    expect(decideRoute(as(['admin'], { pathname: '/no/such/page' }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
    expect(decideRoute(as(['tbCustomer'], { pathname: '/dict/type/data/abc' }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
  });
});

describe('decideRoute for a project admin', () => {
  it('sends a tbAdmin without a stored projectId to /guide', () => {
    const input = as(['tbAdmin'], { pathname: '/building', projectId: null });
    expect(decideRoute(input)).toEqual({ action: 'redirect', to: '/guide' });
    expect(decideRoute({ ...input, pathname: '/' })).toEqual({ action: 'redirect', to: '/guide' });
  });

  it('lets the guide itself and the open pages through', () => {
    expect(decideRoute(as(['tbAdmin'], { pathname: '/guide', projectId: null }))).toEqual({
      action: 'allow',
    });
    expect(decideRoute(as(['tbAdmin'], { pathname: '/404', projectId: null }))).toEqual({ action: 'allow' });
  });

  it('lets a tbAdmin with a project, or who chose to continue without one, use the console', () => {
    expect(decideRoute(as(['tbAdmin'], { pathname: '/building' }))).toEqual({ action: 'allow' });
    const skipped = as(['tbAdmin'], { pathname: '/building', projectId: null, guideSkipped: true });
    expect(decideRoute(skipped)).toEqual({ action: 'allow' });
  });

  it('does not send other roles to the guide', () => {
    const input = as(['tbCustomer'], { pathname: '/board/index', projectId: null });
    expect(decideRoute(input)).toEqual({ action: 'allow' });
  });
});

describe('decideRoute for the mini-program entry', () => {
  it('takes the token, project and hall from the query and goes to the mini-program page', () => {
    const input = anonymous('/', '?miniprogram=1&admin_token=tok.en&projectId=5&hallId=9');
    expect(decideRoute(input)).toEqual({
      action: 'miniprogram',
      token: 'tok.en',
      projectId: '5',
      hallId: '9',
      to: '/wxProgram?hallId=9',
    });
  });

  it('applies with or without an existing session, on any path', () => {
    const input = as(['admin'], { pathname: '/index', search: '?miniprogram=true&admin_token=t&hallId=3' });
    expect(decideRoute(input)).toMatchObject({ action: 'miniprogram', token: 't', hallId: '3' });
  });

  it('allows the mini-program page once signed in', () => {
    const input = as(['tbAdmin'], { pathname: '/wxProgram', search: '?hallId=9' });
    expect(decideRoute(input)).toEqual({ action: 'allow' });
  });
});

describe('decideRoute for the mini-program page', () => {
  it("asks for a sign-in and comes back to a building's QR code link", () => {
    expect(decideRoute(anonymous('/wxProgram', '?hallId=7'))).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2FwxProgram%3FhallId%3D7',
    });
  });

  it('opens the page (which says to reopen the mini-program) when its token has ended in mini-program mode', () => {
    expect(decideRoute({ ...anonymous('/wxProgram', '?hallId=7'), miniProgram: true })).toEqual({
      action: 'allow',
    });
    // Only that page: anything else in mini-program mode still asks for a sign-in.
    expect(decideRoute({ ...anonymous('/board/index'), miniProgram: true })).toMatchObject({
      action: 'redirect',
    });
  });

  it("lands a weixin customer's sign-in on the mini-program page", () => {
    expect(decideRoute(as(['tbWeixinCustomer'], { pathname: '/' }))).toEqual({
      action: 'redirect',
      to: '/wxProgram',
    });
    expect(decideRoute(as(['tbWeixinCustomer'], { pathname: '/wxProgram' }))).toEqual({ action: 'allow' });
  });

  it('keeps a weixin customer acting as tbAdmin in mini-program mode on the page, without a project', () => {
    expect(
      decideRoute(as(['tbAdmin'], { pathname: '/wxProgram', projectId: null, miniProgram: true })),
    ).toEqual({ action: 'allow' });
  });
});
