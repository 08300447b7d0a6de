import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import type { TestApp } from './app.js';
import { multipartFile } from './multipart.js';
import { as } from './tenants.js';
import { devices } from '../modules/devices/tables.js';

/** Import files as an operator writes them, and the import calls, for the device import tests. */

export type Cell = string | number | boolean | null;

export async function xlsxFile(rows: readonly (readonly Cell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('devices');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function csvFile(rows: readonly (readonly Cell[])[], delimiter = ',', bom = false): Buffer {
  const quote = (cell: Cell) => {
    const text = cell === null ? '' : String(cell);
    return /["\n,;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const text = rows.map((row) => row.map(quote).join(delimiter)).join('\r\n');
  return Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

/** Every sheet's rows as plain values (row 1 first). */
export async function readXlsx(bytes: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: Cell[][] = [];
  sheet?.eachRow((row) => {
    const values: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      const v = cell.value;
      values.push(typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null);
    });
    rows.push(values);
  });
  return rows;
}

export async function deviceCount(t: TestApp, projectId: number): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(devices).where(eq(devices.projectId, projectId));
  return row?.n ?? 0;
}

export async function demoProjectId(t: TestApp, token: string): Promise<number> {
  const res = await as(t, token)('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  return res.json<{ data: { rows: { id: number }[] } }>().data.rows[0]?.id ?? 0;
}

/** The import calls as a signed-in user in a language. */
export function importCalls(t: TestApp, token: string, lang: 'EN' | 'ZH' = 'EN') {
  const call = as(t, token, lang);
  return {
    check: (projectId: number, filename: string, bytes: Buffer) => {
      const upload = multipartFile(filename, bytes);
      return call(
        'POST',
        `/sbuilding/device/import/check?projectId=${projectId}`,
        upload.payload,
        upload.headers,
      );
    },
    run: (body: object) => call('PUT', '/sbuilding/device/import', body),
    template: () => call('GET', '/sbuilding/device/import/template'),
    initStatus: (deviceId: number) => call('GET', `/sbuilding/device/queryInitBleGatewayStatus/${deviceId}`),
    download: (fileName: string) => call('GET', `/common/download?fileName=${encodeURIComponent(fileName)}`),
  };
}
