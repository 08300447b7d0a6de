import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ImportRow } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { demoProjectId, deviceCount, importCalls, readXlsx } from '../../test/device-import.js';
import { as } from '../../test/tenants.js';
import { multipartFile } from '../../test/multipart.js';
import { devices } from './tables.js';

let t: TestApp;
let token: string;
let projectId: number;
let api: ReturnType<typeof importCalls>;
let serial = 0;
const mac = () => `AA:00:00:00:02:${(++serial).toString(16).padStart(2, '0')}`;
const code = () => `RUN${String(serial).padStart(9, '0')}`;
const PLACE = { building: 'Building A', floor: '2nd floor', zone: 'Pantry' };

/** Rows as the check answers them: a Bluetooth gateway, then lights behind it (one with a bad MAC). */
function rows(lights: number, badMacAt?: number): ImportRow[] {
  const batch = serial;
  const gateway = `Run gateway ${batch}`;
  const result: ImportRow[] = [
    {
      line: 2,
      values: {
        model: 'ba',
        name: gateway,
        ...PLACE,
        macAddr: mac(),
        codeAddr: code(),
        serverAddr: 'gw.example.com',
        port: '1883',
      },
    },
  ];
  for (let i = 0; i < lights; i++) {
    const macAddr = i === badMacAt ? 'AA:00:00:00:00:ZZ' : mac();
    result.push({
      line: 3 + i,
      values: { model: 's2', name: `Run light ${batch}`, ...PLACE, gateway, macAddr, codeAddr: code() },
    });
  }
  return result;
}

async function devicesNamed(name: string) {
  return t.app.db
    .select()
    .from(devices)
    .where(and(eq(devices.projectId, projectId), eq(devices.name, name)));
}

beforeAll(async () => {
  // Bluetooth gateway initialisation without its pauses, so an imported gateway gets ready at once.
  t = await createTestApp({ captchaEnabled: false, env: { BLE_INIT_STEP_MS: '0' } });
  token = await t.login('manager', 'manager123');
  projectId = await demoProjectId(t, token);
  api = importCalls(t, token);
});
afterAll(() => t.close());

describe('PUT /sbuilding/device/import', () => {
  it("saves nothing in mode 'all' when one row is bad, naming its line", async () => {
    const before = await deviceCount(t, projectId);
    const res = await api.run({ projectId, mode: 'all', rows: rows(3, 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Line 4: MAC address format error');
    expect(await deviceCount(t, projectId)).toBe(before);

    const zh = await importCalls(t, token, 'ZH').run({ projectId, mode: 'all', rows: rows(1, 0) });
    expect(zh.json().msg).toBe('第 3 行：MAC 地址格式错误');
    expect(await deviceCount(t, projectId)).toBe(before);
  });

  it("saves the good rows in mode 'valid' and answers the rejected ones; lights sit behind the new gateway", async () => {
    const before = await deviceCount(t, projectId);
    const sent = rows(3, 1);
    const res = await api.run({ projectId, mode: 'valid', rows: sent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      imported: 3,
      rejected: [
        {
          line: 4,
          model: 's2',
          name: sent[2]?.values.name,
          errors: [{ field: 'macAddr', message: 'MAC address format error' }],
        },
      ],
    });
    expect(await deviceCount(t, projectId)).toBe(before + 3);
    const [gateway] = await devicesNamed(String(sent[0]?.values.name));
    // The imported Bluetooth gateway is initialised like one created in the console.
    await expect
      .poll(async () => (await api.initStatus(gateway?.id ?? 0)).json().data.status, { timeout: 10_000 })
      .toBe('ready');
    const lights = await devicesNamed(String(sent[1]?.values.name));
    expect(lights).toHaveLength(2);
    for (const light of lights) {
      expect(light).toMatchObject({ model: 's2', parentId: gateway?.id, buildingId: gateway?.buildingId });
      expect(light.zoneId).not.toBeNull();
    }
  });

  it("saves every row in mode 'all' when all are good, and refuses them the second time as duplicates", async () => {
    const before = await deviceCount(t, projectId);
    const sent = rows(2);
    const res = await api.run({ projectId, mode: 'all', rows: sent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ imported: 3, rejected: [] });
    expect(await deviceCount(t, projectId)).toBe(before + 3);

    // Never trusts the client: the rows are checked again, against what is saved now.
    const again = await api.run({ projectId, mode: 'all', rows: sent });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('Line 2: A device of this model with the same MAC address already exists');
    expect(await deviceCount(t, projectId)).toBe(before + 3);
  });

  it('checks the body: mode, rows and the project', async () => {
    const noRows = await api.run({ projectId, mode: 'all', rows: [] });
    expect(noRows.statusCode).toBe(400);
    const badMode = await api.run({ projectId, mode: 'some', rows: rows(1) });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().msg).toBe('Import mode is invalid');
    const elsewhere = await api.run({ projectId: 999_999, mode: 'all', rows: rows(1) });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is for tenant administrators only', async () => {
    const customer = as(t, await t.login('customer', 'customer123'));
    const res = await customer('PUT', '/sbuilding/device/import', { projectId, mode: 'all', rows: rows(1) });
    expect(res.statusCode).toBe(403);
    const upload = multipartFile('x.csv', 'model\ns2\n');
    const check = await customer(
      'POST',
      `/sbuilding/device/import/check?projectId=${projectId}`,
      upload.payload,
      upload.headers,
    );
    expect(check.statusCode).toBe(403);
  });
});

describe('GET /sbuilding/device/import/template', () => {
  it('is an .xlsx with every column and one valid row per model, which imports as it is', async () => {
    const res = await api.template();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const [header, ...examples] = await readXlsx(res.rawPayload);
    expect(header?.slice(0, 7)).toEqual([
      'Model',
      'Name',
      'Building',
      'Floor',
      'Zone',
      'Position',
      'Gateway',
    ]);
    expect(header).toEqual(expect.arrayContaining(['MAC address', 'Code address', 'Port', 'Channel']));
    expect(examples.map((row) => row[0])).toEqual(
      expect.arrayContaining([
        'ac20',
        'cc10',
        's2',
        'e90',
        'kxx',
        'ba',
        'gw4g',
        'ammeter4g',
        'sair4g',
        'pir10',
        'th10',
        'bridge',
      ]),
    );

    const check = await api.check(projectId, 'template.xlsx', res.rawPayload);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ valid: 12, invalid: 0, reportFileName: null });

    const zh = await importCalls(t, token, 'ZH').template();
    const [zhHeader] = await readXlsx(zh.rawPayload);
    expect(zhHeader?.slice(0, 3)).toEqual(['型号', '名称', '楼宇']);
  });
});
