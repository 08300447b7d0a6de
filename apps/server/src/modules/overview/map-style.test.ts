import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/env.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { demoProjectId } from '../../test/device-import.js';
import { as } from '../../test/tenants.js';

/*
 * MAP_STYLE_URL: the overview answers it to the console (which then draws the map with MapLibre under the dark
 * rules), and the console's CSP lets the browser fetch from the style's origin, and from no other.
 */

const STYLE = 'https://maps.example.test:8443/styles/dark/style.json?key=abc';

let withStyle: TestApp;
let without: TestApp;

beforeAll(async () => {
  [withStyle, without] = await Promise.all([
    createTestApp({ captchaEnabled: false, env: { MAP_STYLE_URL: STYLE } }),
    createTestApp({ captchaEnabled: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([withStyle.close(), without.close()]);
});

async function overviewOf(t: TestApp) {
  const token = await t.login('manager', 'manager123');
  const projectId = await demoProjectId(t, token);
  const res = await as(t, token)('GET', `/sbuilding/board/overview?projectId=${projectId}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { mapStyleUrl: string | null; buildings: unknown[] } }>().data;
}

describe('MAP_STYLE_URL', { timeout: 60_000 }, () => {
  it('is answered with the overview when set, and null (the bundled map) when not', async () => {
    const set = await overviewOf(withStyle);
    expect(set.mapStyleUrl).toBe(STYLE);
    expect(set.buildings.length).toBeGreaterThan(0);
    expect((await overviewOf(without)).mapStyleUrl).toBeNull();
  });

  it("lets the console fetch the style's origin (style, tiles, glyphs, sprites) and no other", async () => {
    const csp = (t: TestApp) =>
      t.app
        .inject({ method: 'GET', url: '/health' })
        .then((r) => String(r.headers['content-security-policy']));
    const set = await csp(withStyle);
    expect(set).toMatch(/connect-src 'self' ws: wss: https:\/\/maps\.example\.test:8443;/);
    expect(set).toMatch(/img-src 'self' data: blob: https:\/\/maps\.example\.test:8443;/);
    expect(set).toContain("script-src 'self';");
    const unset = await csp(without);
    expect(unset).toContain("connect-src 'self' ws: wss:;");
    expect(unset).not.toContain('example.test');
  });

  it('refuses a value that is not an http(s) URL, naming the variable', () => {
    for (const bad of ['style.json', 'ftp://maps.example.test/style.json', 'javascript:alert(1)'])
      expect(() => loadConfig({ MAP_STYLE_URL: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_STYLE_URL: 'nope' })).toThrow(/MAP_STYLE_URL/);
    expect(loadConfig({ MAP_STYLE_URL: 'http://127.0.0.1:9000/style.json' }).mapStyleUrl).toBe(
      'http://127.0.0.1:9000/style.json',
    );
    expect(loadConfig({}).mapStyleUrl).toBeUndefined();
  });
});
