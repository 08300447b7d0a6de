import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  csvFile,
  demoProjectId,
  deviceCount,
  importCalls,
  readXlsx,
  xlsxFile,
  type Cell,
} from '../../test/device-import.js';
import { PNG_1X1 } from '../../test/multipart.js';

const HEADERS = ['model', 'name', 'building', 'floor', 'zone', 'position', 'gateway', 'macAddr', 'codeAddr'];
const GATEWAY_HEADERS = [...HEADERS, 'serverAddr', 'port'];
const PLACE = ['Building A', '1st floor', 'Lobby'];

let t: TestApp;
let token: string;
let projectId: number;
let api: ReturnType<typeof importCalls>;
/** Numbers the MACs and codes so every file holds new devices. */
let serial = 0;
const mac = () => `AA:00:00:00:01:${(++serial).toString(16).padStart(2, '0')}`;
const code = () => `CHECK${String(serial).padStart(7, '0')}`;

/** A Bluetooth gateway row, then lights behind it; `badMacAt` gives one light a malformed MAC. */
function lightsFile(lights: number, badMacAt?: number): Cell[][] {
  const batch = serial;
  const gateway = `Check gateway ${batch}`;
  const rows: Cell[][] = [
    GATEWAY_HEADERS,
    ['ba', gateway, ...PLACE, 'Ceiling', null, mac(), code(), 'mqtt://gw.example.com', 1883],
  ];
  for (let i = 0; i < lights; i++) {
    const address = i === badMacAt ? 'AA:00:00:00:00:ZZ' : mac();
    rows.push(['s2', `Check light ${batch}`, ...PLACE, '', gateway, address, code(), null, null]);
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  token = await t.login('manager', 'manager123');
  projectId = await demoProjectId(t, token);
  api = importCalls(t, token);
});
afterAll(() => t.close());

describe('POST /sbuilding/device/import/check', () => {
  it('reports exactly the bad line, saves nothing and offers the rejected rows as a report', async () => {
    const before = await deviceCount(t, projectId);
    const res = await api.check(projectId, 'devices.xlsx', await xlsxFile(lightsFile(3, 1)));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ valid: 3, invalid: 1 });
    expect(data.rows).toHaveLength(4);
    expect(data.rows[2]).toMatchObject({ line: 4, values: { model: 's2', macAddr: 'AA:00:00:00:00:ZZ' } });
    const bad = data.results.filter((r: { errors: unknown[] }) => r.errors.length > 0);
    expect(bad).toEqual([
      {
        line: 4,
        model: 's2',
        name: expect.stringContaining('Check light'),
        errors: [{ field: 'macAddr', message: 'MAC address format error' }],
      },
    ]);
    expect(await deviceCount(t, projectId)).toBe(before);

    const report = await api.download(data.reportFileName);
    expect(report.statusCode).toBe(200);
    const [header, row, ...rest] = await readXlsx(report.rawPayload);
    expect(header?.[0]).toBe('Line');
    expect(header?.at(-1)).toBe('Errors');
    expect(header).toContain('macAddr');
    expect(row?.[0]).toBe(4);
    expect(row).toContain('AA:00:00:00:00:ZZ');
    expect(row?.at(-1)).toBe('MAC address format error');
    expect(rest).toEqual([]);

    // The report, fixed or not, can be checked again: its line and errors columns are ignored.
    const again = await api.check(projectId, 'report.xlsx', report.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ valid: 0, invalid: 1 });
    // (its gateway, a good row of the first file, is not among the rejected rows: nothing was imported)
    const messages = again.json().data.results[0].errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual([
      'No gateway named [Check gateway 0] in this project',
      'MAC address format error',
    ]);
  });

  it('answers no report when every row is good, and names each problem of a row on its column', async () => {
    const good = await api.check(projectId, 'good.xlsx', await xlsxFile(lightsFile(2)));
    expect(good.json().data).toMatchObject({ valid: 3, invalid: 0, reportFileName: null });

    const rows: Cell[][] = [
      GATEWAY_HEADERS,
      ['s2', '', 'Building Z', null, null, null, null, mac(), 'short', null, null],
      ['xx9', 'What', ...PLACE, null, null, null, null, null, null],
      ['ba', 'Gateway', 'Building A', '9th floor', null, null, null, mac(), code(), 'not a host!', 70000],
      ['ba', 'Zoned', 'Building A', null, 'Lobby', null, 'Some gateway', mac(), code(), 'gw.example.com', 1],
    ];
    const res = await api.check(projectId, 'bad.xlsx', await xlsxFile(rows));
    const errors = res.json().data.results.map((r: { errors: unknown[] }) => r.errors);
    expect(errors[0]).toEqual(
      expect.arrayContaining([
        { field: 'building', message: 'No building named [Building Z] in this project' },
        { field: 'name', message: 'Name is required' },
        { field: 'codeAddr', message: 'Code must be exactly 12 characters' },
      ]),
    );
    expect(errors[1]).toEqual([{ field: 'model', message: 'Unknown device model [xx9]' }]);
    expect(errors[2]).toEqual(
      expect.arrayContaining([
        { field: 'floor', message: 'No floor named [9th floor] in this project' },
        { field: 'serverAddr', message: 'Server Addr format error' },
        { field: 'port', message: 'Port must be between 1 and 65535' },
      ]),
    );
    expect(errors[3]).toEqual([
      { field: 'zone', message: 'Give the floor of the zone' },
      { field: 'gateway', message: 'This model does not sit behind a gateway: leave the gateway empty' },
    ]);
  });

  it('reads Chinese headers and model names, and answers in Chinese', async () => {
    const zh = importCalls(t, token, 'ZH');
    const rows: Cell[][] = [
      [
        '型号',
        '名称',
        '楼宇',
        '楼层',
        '区域',
        '位置',
        '网关',
        'MAC 地址',
        '编码地址',
        '服务器地址',
        ' 端口 ',
      ],
      ['蓝牙网关', '一楼网关', ...PLACE, '大厅', null, mac(), code(), 'mqtt://gw.example.com', 1883],
      ['蓝牙 Mesh 调光灯', '一楼灯', ...PLACE, '大厅', '一楼网关', mac(), code(), null, null],
      ['蓝牙网关', '坏网关', ...PLACE, '大厅', null, mac(), code(), 'mqtt://gw.example.com', 70000],
    ];
    const res = await zh.check(projectId, '设备.xlsx', await xlsxFile(rows));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.rows[0].values).toMatchObject({ model: '蓝牙网关', name: '一楼网关', port: 1883 });
    expect(data.results.map((r: { model: string }) => r.model)).toEqual(['ba', 's2', 'ba']);
    expect(data.results[2].errors).toEqual([{ field: 'port', message: '端口必须介于 1 和 65535 之间' }]);
    expect(data).toMatchObject({ valid: 2, invalid: 1 });
    const [header] = await readXlsx((await zh.download(data.reportFileName)).rawPayload);
    expect(header?.[0]).toBe('行号');
    expect(header?.at(-1)).toBe('错误');
  });

  it('lets later rows name a gateway of an earlier row, but not of a later one', async () => {
    const header = [...GATEWAY_HEADERS, 'gatewayAddr', 'indoorAddr', 'outdoorAddr'];
    const none = [null, null, null, null];
    const rows: Cell[][] = [
      header,
      ['s2', 'Too early', ...PLACE, null, 'Gateway later', mac(), code(), null, null, null, null, null],
      ['cc10', 'AC gateway row', ...PLACE, null, null, null, null, '10.99.0.8', 502, 1, null, null],
      ['ac20', 'Indoor 1', ...PLACE, null, 'AC gateway row', ...none, null, 3, 1],
      ['ac20', 'Indoor 2', ...PLACE, null, 'Gateway later', ...none, null, 4, 1],
      [
        'Bluetooth gateway',
        'Gateway later',
        ...PLACE,
        null,
        null,
        mac(),
        code(),
        'gw.example.com',
        1,
        ...none.slice(1),
      ],
    ];
    const res = await api.check(projectId, 'gateways.xlsx', await xlsxFile(rows));
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results;
    const missing = [{ field: 'gateway', message: 'No gateway named [Gateway later] in this project' }];
    expect(results[0].errors).toEqual(missing);
    expect(results[1].errors).toEqual([]);
    expect(results[2].errors).toEqual([]);
    // A Bluetooth gateway of the same name is no AC gateway.
    expect(results[3].errors).toEqual(missing);
    expect(results[4]).toMatchObject({ model: 'ba', errors: [] });

    const twins: Cell[][] = [
      GATEWAY_HEADERS,
      ['ba', 'Twin', ...PLACE, null, null, mac(), code(), 'gw.example.com', 1],
      ['ba', 'Twin', ...PLACE, null, null, mac(), code(), 'gw.example.com', 1],
      ['s2', 'Behind twins', ...PLACE, null, 'twin', mac(), code(), null, null],
    ];
    const twin = await api.check(projectId, 'twins.xlsx', await xlsxFile(twins));
    expect(twin.json().data.results[2].errors).toEqual([
      { field: 'gateway', message: 'More than one gateway is named [twin]; rename them before importing' },
    ]);
  });

  it('refuses the second row of a file that repeats a device', async () => {
    const rows = lightsFile(1);
    const light = rows[2] ?? [];
    rows.push([...light]);
    const res = await api.check(projectId, 'twice.xlsx', await xlsxFile(rows));
    const results = res.json().data.results;
    expect(results.map((r: { errors: unknown[] }) => r.errors.length)).toEqual([0, 0, 1]);
    expect(results[2].errors).toEqual([
      { field: 'macAddr', message: 'A device of this model with the same MAC address already exists' },
    ]);
  });

  it('reads a CSV with a BOM and semicolons, skipping blank rows and keeping codes as text', async () => {
    const rows = lightsFile(2);
    rows.splice(2, 0, ['', '', '', '', '', '', '', '', '', '', '']);
    const gatewayCode = rows[1]?.[8];
    const res = await api.check(projectId, 'devices.csv', csvFile(rows, ';', true));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ valid: 3, invalid: 0 });
    expect(data.rows.map((r: { line: number }) => r.line)).toEqual([2, 4, 5]);
    expect(data.rows[0].values).toMatchObject({ model: 'ba', codeAddr: gatewayCode, port: '1883' });

    const commas = await api.check(projectId, 'devices.csv', csvFile(lightsFile(1)));
    expect(commas.json().data).toMatchObject({ valid: 2, invalid: 0 });
  });

  it('reads a CSV that Excel on a Chinese Windows saved in GB18030', async () => {
    const gb18030 = Buffer.from(
      'd0cdbac52cc3fbb3c62cc2a5d3ee2cc2a5b2e32c4d414320b5d8d6b72cb1e0c2ebb5d8d6b70d0ac8cbcce5b8d0d3a6b4abb8d0c6f7' +
        '2cd2bbc2a5c8cbcce5b8d0d3a62c4275696c64696e6720412c31737420666c6f6f722c41413a30303a30303a30303a30333a3031' +
        '2c47424b3030303030303030310d0a',
      'hex',
    );
    const res = await api.check(projectId, 'devices.csv', gb18030);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows[0].values).toMatchObject({ model: '人体感应传感器', name: '一楼人体感应' });
    expect(res.json().data).toMatchObject({ valid: 1, invalid: 0 });
  });

  it('refuses files that are not CSV or .xlsx, unknown columns, no rows and other tenants’ projects', async () => {
    const png = await api.check(projectId, 'devices.png', PNG_1X1);
    expect(png.statusCode).toBe(400);
    expect(png.json().msg).toBe('File format error, please upload a .csv or .xlsx file');
    const renamed = await api.check(projectId, 'devices.xlsx', Buffer.from('model,name\ns2,x\n'));
    expect(renamed.json().msg).toBe('File format error, please upload a .csv or .xlsx file');

    const unknown = await api.check(
      projectId,
      'x.csv',
      csvFile([
        ['model', 'colour'],
        ['s2', 'red'],
      ]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('Unknown column [colour]: use the headers of the import template');
    const empty = await api.check(projectId, 'x.csv', csvFile([HEADERS]));
    expect(empty.json().msg).toBe('The file holds no device rows: fill in the rows under the header row');
    const many = csvFile([HEADERS, ...Array.from({ length: 5001 }, (_, i) => ['s2', `L${i}`])]);
    const tooMany = await api.check(projectId, 'many.csv', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('At most 5000 devices can be imported at once; split the file');
    const elsewhere = await api.check(999_999, 'x.csv', csvFile(lightsFile(1)));
    expect(elsewhere.statusCode).toBe(404);
  });
});
