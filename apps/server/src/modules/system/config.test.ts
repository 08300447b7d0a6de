import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { sysConfig } from './tables.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminZh: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('admin', 'admin123');
  admin = as(t, token);
  adminZh = as(t, token, 'ZH');
  manager = as(t, await t.login('manager', 'manager123'));
});
afterAll(() => t.close());

const setting = {
  configName: 'Upload limit',
  configKey: 'sys.upload.maxMiB',
  configValue: '10',
  remark: 'MiB',
};

describe('/system/config', () => {
  it('lists the built-in captcha switch to any signed-in user', async () => {
    const res = await manager('GET', '/system/config/list?pageNum=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toContainEqual(
      expect.objectContaining({
        configKey: 'sys.account.captchaEnabled',
        configValue: 'true',
        configType: 'Y',
      }),
    );
  });

  it('creates, reads by id and by key, updates and deletes a setting', async () => {
    const created = await admin('POST', '/system/config', setting);
    expect(created.statusCode).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({ ...setting, configType: 'N', version: 1 });

    expect((await manager('GET', `/system/config/${row.configId}`)).json().data).toEqual(row);
    expect((await manager('GET', '/system/config/configKey/sys.upload.maxMiB')).json().data).toBe('10');

    const updated = await admin('PUT', '/system/config', {
      ...setting,
      configId: row.configId,
      version: 1,
      configValue: '20',
    });
    expect(updated.json().data).toMatchObject({ configValue: '20', version: 2 });
    // The write drops the cached value: the new one shows at once.
    expect((await manager('GET', '/system/config/configKey/sys.upload.maxMiB')).json().data).toBe('20');

    expect((await admin('DELETE', `/system/config/${row.configId}`)).statusCode).toBe(200);
    expect((await admin('GET', `/system/config/${row.configId}`)).statusCode).toBe(404);
    expect((await manager('GET', '/system/config/configKey/sys.upload.maxMiB')).json().data).toBe('');
  });

  it('filters the list by name, key and type', async () => {
    await admin('POST', '/system/config', { ...setting, configKey: 'filter.a', configName: 'Alpha filter' });
    await admin('POST', '/system/config', { ...setting, configKey: 'filter.b', configName: 'Beta filter' });
    const byName = await admin('GET', '/system/config/list?configName=alpha');
    expect(byName.json().data.rows.map((r: { configKey: string }) => r.configKey)).toEqual(['filter.a']);
    const byKey = await admin('GET', '/system/config/list?configKey=filter.&configType=N');
    expect(byKey.json().data.total).toBe(2);
    const builtIn = await admin('GET', '/system/config/list?configType=Y');
    expect(builtIn.json().data.rows.every((r: { configType: string }) => r.configType === 'Y')).toBe(true);
  });

  it('refuses to delete a built-in setting with a clear message, in both languages', async () => {
    const [captcha] = await t.app.db
      .select()
      .from(sysConfig)
      .where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
    const res = await admin('DELETE', `/system/config/${captcha?.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The built-in parameter [sys.account.captchaEnabled] cannot be deleted');
    expect((await adminZh('DELETE', `/system/config/${captcha?.id}`)).json().msg).toBe(
      '内置参数【sys.account.captchaEnabled】不能删除',
    );
    expect(
      await t.app.db
        .select()
        .from(sysConfig)
        .where(eq(sysConfig.id, captcha?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('refuses a key that exists already', async () => {
    await admin('POST', '/system/config', { ...setting, configKey: 'dup.key' });
    const res = await admin('POST', '/system/config', { ...setting, configKey: 'dup.key' });
    expect(res.json()).toEqual({ code: 400, msg: 'The parameter key [dup.key] already exists', data: null });
  });

  it('refuses the later of two updates from the same version with 409', async () => {
    const row = (await admin('POST', '/system/config', { ...setting, configKey: 'race.key' })).json().data;
    const body = { ...setting, configKey: 'race.key', configId: row.configId, version: 1 };
    expect((await admin('PUT', '/system/config', { ...body, configValue: 'a' })).statusCode).toBe(200);
    expect((await admin('PUT', '/system/config', { ...body, configValue: 'b' })).statusCode).toBe(409);
    expect((await admin('GET', `/system/config/${row.configId}`)).json().data.configValue).toBe('a');
  });

  it('requires name, key and value, in English and Chinese', async () => {
    const res = await admin('POST', '/system/config', { ...setting, configKey: '' });
    expect(res.json()).toEqual({ code: 400, msg: 'Config key is required', data: null });
    expect((await adminZh('POST', '/system/config', { ...setting, configValue: ' ' })).json().msg).toBe(
      '参数键值不能为空',
    );
  });

  it('lets only the admin write: a tenant manager gets 403 and nothing changes', async () => {
    expect((await manager('POST', '/system/config', setting)).statusCode).toBe(403);
    expect((await manager('PUT', '/system/config', { ...setting, configId: 1, version: 1 })).statusCode).toBe(
      403,
    );
    expect((await manager('DELETE', '/system/config/1')).statusCode).toBe(403);
    expect((await manager('DELETE', '/system/config/clearCache')).statusCode).toBe(403);
    expect((await admin('GET', '/system/config/list?configKey=sys.upload')).json().data.total).toBe(0);
  });
});

describe('the config cache', () => {
  it('keeps a value for 30 s, so a change made behind the API shows only after clearCache', async () => {
    const key = 'cache.probe';
    await admin('POST', '/system/config', { ...setting, configKey: key, configValue: 'before' });
    expect((await manager('GET', `/system/config/configKey/${key}`)).json().data).toBe('before');
    await t.app.db.update(sysConfig).set({ configValue: 'after' }).where(eq(sysConfig.configKey, key));
    expect((await manager('GET', `/system/config/configKey/${key}`)).json().data).toBe('before');

    const cleared = await admin('DELETE', '/system/config/clearCache');
    expect(cleared.json()).toEqual({ code: 200, msg: 'Operation successful', data: null });
    expect((await manager('GET', `/system/config/configKey/${key}`)).json().data).toBe('after');
  });
});

describe('the captcha switch', () => {
  it('reads through the cache, so switching it off with PUT /system/config shows at once on /captchaImage', async () => {
    const [row] = await t.app.db
      .select()
      .from(sysConfig)
      .where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
    if (!row) throw new Error('captcha switch missing');
    const captcha = () => t.app.inject({ method: 'GET', url: '/captchaImage' });
    expect((await captcha()).json().data.captchaEnabled).toBe(true);
    const body = {
      configId: row.id,
      configName: row.configName,
      configKey: row.configKey,
      configType: 'Y',
      remark: '',
    };
    await admin('PUT', '/system/config', { ...body, configValue: 'false', version: row.version });
    expect((await captcha()).json().data.captchaEnabled).toBe(false);
    await admin('PUT', '/system/config', { ...body, configValue: 'true', version: row.version + 1 });
    expect((await captcha()).json().data.captchaEnabled).toBe(true);
  });
});
