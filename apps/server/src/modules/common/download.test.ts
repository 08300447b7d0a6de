import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { exportDir, exportFileName, XLSX_CONTENT_TYPE } from '../../platform/exports.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminZh: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('admin', 'admin123');
  admin = as(t, token);
  adminZh = as(t, token, 'ZH');
});
afterAll(() => t.close());

async function readSheet(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

describe('export file names say what the file holds', () => {
  it("names the energy board's export after its project, board, period and dates", async () => {
    const manager = as(t, await t.login('manager', 'manager123'));
    const projects = await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
    const projectId: number = projects.json().data.rows[0].id;
    const month = await manager('POST', '/sbuilding/board/energy/export', {
      projectId,
      period: 'MONTH',
      anchor: '2026-11-21',
    });
    expect(month.json().data.fileName).toMatch(
      /^Demo-Campus_energy_MONTH_2026-11-01_2026-11-30_[0-9a-f]{6}\.xlsx$/,
    );
    const day = await as(t, await t.login('manager', 'manager123'), 'ZH')(
      'POST',
      '/sbuilding/board/energy/export',
      { projectId, period: 'DAY', anchor: '2026-11-21' },
    );
    expect(day.json().data.fileName).toMatch(/^Demo-Campus_能耗_DAY_2026-11-21_[0-9a-f]{6}\.xlsx$/);
    const alerts = await manager('POST', '/sbuilding/alert/export', {
      projectId,
      from: '2026-11-01T00:00:00+08:00',
      to: '2026-11-20T00:00:00+08:00',
    });
    expect(alerts.json().data.fileName).toMatch(
      /^Demo-Campus_alerts_2026-11-01_2026-11-20_[0-9a-f]{6}\.xlsx$/,
    );
  });

  it('downloads a file named in Chinese, with an ASCII fallback name in the header', async () => {
    const fileName = exportFileName(['演示园区', '能耗', 'DAY', '2026-11-21']);
    expect(fileName).toMatch(/^演示园区_能耗_DAY_2026-11-21_[0-9a-f]{6}\.xlsx$/);
    // Written where this server keeps its exports (its data dir, or the database on PostgreSQL).
    await t.app.storage.exports.put(fileName, new Uint8Array(Buffer.from('x')));
    const res = await admin('GET', `/common/download?fileName=${encodeURIComponent(fileName)}&delete=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="________DAY_2026-11-21_${fileName.slice(-11)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
  });

  it('keeps nothing a path could be built from in a name', () => {
    expect(exportFileName(['../../etc', 'a/b\\c', ' x '])).toMatch(/^etc_a-b-c_x_[0-9a-f]{6}\.xlsx$/);
  });
});

describe('export and download', () => {
  it('exports the filtered settings to a real .xlsx that downloads once with delete=true', async () => {
    const exported = await admin('GET', '/system/config/export?configKey=captcha');
    expect(exported.statusCode).toBe(200);
    const { fileName } = exported.json().data;
    // Named after what it holds and the day it was made.
    expect(fileName).toMatch(/^config_\d{4}-\d{2}-\d{2}_[0-9a-f]{6}\.xlsx$/);

    const res = await admin('GET', `/common/download?fileName=${fileName}&delete=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([
      'Config id',
      'Config name',
      'Config key',
      'Config value',
      'Built in',
      'Remark',
      'Create time',
    ]);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['sys.account.captchaEnabled']);

    expect(await t.app.storage.exports.get(fileName)).toBeUndefined();
    const again = await admin('GET', `/common/download?fileName=${fileName}&delete=true`);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('The file does not exist or has already been downloaded');
  });

  it('keeps the file without delete=true', async () => {
    const { fileName } = (await admin('GET', '/system/dict/data/export?dictType=sb_alert_level')).json().data;
    expect((await admin('GET', `/common/download?fileName=${fileName}`)).statusCode).toBe(200);
    const second = await admin('GET', `/common/download?fileName=${fileName}&delete=true`);
    expect(second.statusCode).toBe(200);
    const rows = await readSheet(second.rawPayload);
    expect(rows.slice(1).map((r) => r[4])).toEqual(['urgent', 'secondary', 'general', 'complete']);
  });

  it('writes the column headers in the request language', async () => {
    const { fileName } = (await adminZh('GET', '/system/dict/data/export?dictType=sb_project_status')).json()
      .data;
    const rows = await readSheet(
      (await admin('GET', `/common/download?fileName=${fileName}&delete=true`)).rawPayload,
    );
    expect(rows[0]?.slice(0, 3)).toEqual(['字典编码', '字典排序', '字典标签']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['新建', '部署中', '验收中', '已完成']);
  });

  it('refuses names that leave the export directory with 400, before touching the file system', async () => {
    const dir = exportDir(t.app.config.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(path.dirname(dir), 'secret.xlsx'), 'secret');
    const names = [
      '../secret.xlsx',
      '..%2Fsecret.xlsx',
      '%2Fetc%2Fpasswd',
      '/etc/passwd',
      'sub/file.xlsx',
      '..\\secret.xlsx',
      '....xlsx',
      'notes.txt',
      '',
    ];
    for (const name of names) {
      const res = await admin('GET', `/common/download?fileName=${name}&delete=true`);
      expect(res.statusCode, name).toBe(400);
    }
    expect(fs.readFileSync(path.join(path.dirname(dir), 'secret.xlsx'), 'utf8')).toBe('secret');
  });

  it('requires a session to download', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/common/download?fileName=x.xlsx' });
    expect(res.statusCode).toBe(401);
  });
});
