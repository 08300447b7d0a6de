import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('admin', 'admin123');
  admin = as(t, token);
  adminZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
});
afterAll(() => t.close());

const row = {
  dictType: 'sb_test_colour',
  dictLabel: 'Red',
  dictLabelZh: '红色',
  dictValue: 'red',
  dictSort: 2,
};

describe('/system/dict/data', () => {
  it('offers the seeded project statuses, in order, with English and Chinese labels', async () => {
    const res = await customer('GET', '/system/dict/data/type/sb_project_status');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((d: { dictValue: string; dictLabel: string; dictLabelZh: string }) => [
          d.dictValue,
          d.dictLabel,
          d.dictLabelZh,
        ]),
    ).toEqual([
      ['new', 'New', '新建'],
      ['deploying', 'Deploying', '部署中'],
      ['accepting', 'Accepting', '验收中'],
      ['done', 'Done', '已完成'],
    ]);
  });

  it('seeds the nine alert solutions, the four alert levels, work-time types, zone types and device categories', async () => {
    const count = async (type: string) =>
      (await customer('GET', `/system/dict/data/type/${type}`)).json().data.length;
    expect(await count('sb_alert_solution')).toBe(9);
    expect(await count('sb_alert_level')).toBe(4);
    expect(await count('sb_work_time_type')).toBe(4);
    expect(await count('sb_zone_type')).toBeGreaterThanOrEqual(6);
    expect(await count('sb_device_category')).toBeGreaterThan(0);
  });

  it('answers an empty list for a dictionary that does not exist', async () => {
    expect((await customer('GET', '/system/dict/data/type/sb_nothing')).json().data).toEqual([]);
  });

  it('creates, reads, updates and deletes a row, and leaves disabled rows out of the option list', async () => {
    const created = await admin('POST', '/system/dict/data', row);
    expect(created.statusCode).toBe(200);
    const saved = created.json().data;
    expect(saved).toMatchObject({ ...row, isDefault: 'N', status: '0', listClass: '', version: 1 });
    expect((await customer('GET', `/system/dict/data/${saved.dictCode}`)).json().data).toEqual(saved);

    const disabled = await admin('PUT', '/system/dict/data', {
      ...row,
      dictCode: saved.dictCode,
      version: 1,
      status: '1',
    });
    expect(disabled.json().data).toMatchObject({ status: '1', version: 2 });
    expect((await customer('GET', '/system/dict/data/type/sb_test_colour')).json().data).toEqual([]);

    expect((await admin('DELETE', `/system/dict/data/${saved.dictCode}`)).statusCode).toBe(200);
    expect((await admin('GET', `/system/dict/data/${saved.dictCode}`)).statusCode).toBe(404);
  });

  it('lists with paging and filters by type, label and status', async () => {
    const res = await customer(
      'GET',
      '/system/dict/data/list?dictType=sb_alert_solution&pageNum=2&pageSize=5',
    );
    expect(res.json().data.total).toBe(9);
    expect(res.json().data.rows).toHaveLength(4);
    const byLabel = await customer('GET', '/system/dict/data/list?dictLabel=online');
    expect(byLabel.json().data.rows.map((r: { dictValue: string }) => r.dictValue)).toEqual(['backOnline']);
  });

  it('refuses a value its dictionary already has', async () => {
    const res = await admin('POST', '/system/dict/data', {
      ...row,
      dictType: 'sb_project_status',
      dictValue: 'done',
    });
    expect(res.json()).toEqual({
      code: 400,
      msg: 'The dictionary [sb_project_status] already has the value [done]',
      data: null,
    });
  });

  it('refuses the later of two updates from the same version with 409', async () => {
    const saved = (await admin('POST', '/system/dict/data', { ...row, dictValue: 'race' })).json().data;
    const body = { ...row, dictValue: 'race', dictCode: saved.dictCode, version: 1 };
    expect((await admin('PUT', '/system/dict/data', { ...body, dictLabel: 'A' })).statusCode).toBe(200);
    expect((await admin('PUT', '/system/dict/data', { ...body, dictLabel: 'B' })).statusCode).toBe(409);
  });

  it('requires label, value and type, in English and Chinese', async () => {
    expect((await admin('POST', '/system/dict/data', { ...row, dictLabel: '' })).json().msg).toBe(
      'Label is required',
    );
    expect((await adminZh('POST', '/system/dict/data', { ...row, dictValue: '' })).json().msg).toBe(
      '字典键值不能为空',
    );
    expect((await admin('POST', '/system/dict/data', { ...row, dictType: 'Bad Type' })).json().msg).toBe(
      'Dictionary type is invalid',
    );
  });

  it('lets only the admin write: a customer gets 403', async () => {
    expect((await customer('POST', '/system/dict/data', row)).statusCode).toBe(403);
    expect((await customer('PUT', '/system/dict/data', { ...row, dictCode: 1, version: 1 })).statusCode).toBe(
      403,
    );
    expect((await customer('DELETE', '/system/dict/data/1')).statusCode).toBe(403);
    expect((await customer('GET', '/system/dict/data/1')).json().data.dictValue).toBe('new');
  });
});
