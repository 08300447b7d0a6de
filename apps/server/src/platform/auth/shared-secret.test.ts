import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecrets } from '../../test/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';

// Two server nodes on one database, neither given JWT_SECRET: each has a data dir of its own.
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp({ captchaEnabled: false, generatedSecrets: true });
  second = await createTestApp({ captchaEnabled: false, generatedSecrets: true, sameDatabaseAs: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const info = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/getInfo', headers: { authorization: `Bearer ${token}` } });

describe('generated secrets kept in the database', () => {
  it("lets each node accept the other's session tokens and file links", async () => {
    const fromFirst = await first.login('manager', 'manager123');
    const fromSecond = await second.login('display', 'display123');
    expect((await info(second, fromFirst)).statusCode).toBe(200);
    expect((await info(first, fromSecond)).statusCode).toBe(200);
    expect(second.app.files.links.url('0b0b0b0b-0000-4000-8000-000000000000')).toBe(
      first.app.files.links.url('0b0b0b0b-0000-4000-8000-000000000000'),
    );
    // A token signed with another key is refused (the check is real).
    const stranger = await createTestApp({ captchaEnabled: false });
    try {
      const foreign = await stranger.login('manager', 'manager123');
      expect((await info(first, foreign)).statusCode).toBe(401);
    } finally {
      await stranger.close();
    }
  });

  it('keeps one signing key and one broker secret in the database, none in a data dir', async () => {
    const rows = await first.app.db
      .select({ name: serverSecrets.name })
      .from(serverSecrets)
      .orderBy(serverSecrets.name);
    expect(rows).toEqual([{ name: 'jwt-secret' }, { name: 'mqtt-broker-secret' }]);
    expect(second.app.secrets.brokerSecret()).toBe(first.app.secrets.brokerSecret());
    for (const t of [first, second]) {
      expect(fs.existsSync(path.join(t.app.config.dataDir, 'jwt-secret'))).toBe(false);
    }
  });
});
