import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { EXPORT_FILE_NAME } from '@sbuilding/shared';
import { AppError, badRequest } from './errors.js';
import { DirectoryBytes, exportDir, type ByteStore } from './storage.js';
import { localDate } from './local-date.js';

/**
 * Spreadsheet exports: a call writes a real .xlsx into the exports store (app.storage.exports: a shared
 * directory, the database, or `${DATA_DIR}/exports`, see storage.ts) with a name the server makes up,
 * answers that name, and GET /common/download sends the file, whichever node wrote it. Names are checked
 * against the generated pattern, so a download can never reach another file.
 */

export { exportDir };
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Exports nobody downloaded are removed after this long (checked whenever a new export is written). */
export const EXPORT_MAX_AGE_MS = 60 * 60_000;

/** Where exports go: the app's store, or a directory (a test, a tool). */
export type ExportTarget = ByteStore | string;

function storeOf(target: ExportTarget): ByteStore {
  return typeof target === 'string' ? new DirectoryBytes(target) : target;
}

export interface ExportColumn<T> {
  key: keyof T & string;
  header: string;
  width?: number;
}

/**
 * An export's file name from what it holds (project, board, period, date…): letters of any script and digits
 * kept, anything else a '-', the parts joined by '_', and a short random tail so two exports never collide:
 * `Demo-Campus_energy_MONTH_2026-11-01_2026-11-30_3f9a1c.xlsx`. Nothing a path could be built from survives.
 */
export function exportFileName(parts: readonly string[]): string {
  const words = parts
    .map((part) =>
      part
        .normalize('NFC')
        .replace(/[^\p{L}\p{N}-]+/gu, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 40),
    )
    .filter((part) => part !== '');
  return `${[...words, crypto.randomBytes(3).toString('hex')].join('_')}.xlsx`;
}

/** Today's date in a time zone, 'YYYY-MM-DD' (an export's date). */
export function exportDate(timeZone: string, now = new Date()): string {
  return localDate(now, timeZone);
}

/** Writes rows to a new .xlsx in `target` and returns its file name (`exportFileName` of `nameParts`). */
export async function writeXlsx<T extends object>(
  target: ExportTarget,
  nameParts: readonly string[],
  sheetName: string,
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
): Promise<string> {
  const store = storeOf(target);
  await store.removeOlderThan(EXPORT_MAX_AGE_MS);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  // Values are written as plain cells (strings stay strings): a value starting with '=' is not a formula.
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, row[c.key]])));
  const fileName = exportFileName(nameParts);
  // Stored only once complete, so a download never sees half a file.
  await store.put(fileName, new Uint8Array(await workbook.xlsx.writeBuffer()));
  return fileName;
}

/**
 * The bytes of an export for download. The name must be one the server generates (no separators, no
 * '..'): 400 otherwise, before any store is read; 404 when absent. With `remove`, it is removed once read.
 */
export async function openExport(target: ExportTarget, fileName: string, remove: boolean): Promise<Buffer> {
  if (!EXPORT_FILE_NAME.test(fileName) || fileName.includes('..') || /[/\\]/.test(fileName)) {
    throw badRequest('validation.invalid', { data: 'fileName' });
  }
  const store = storeOf(target);
  const bytes = await store.get(fileName);
  if (!bytes) throw new AppError(404, 'file.notFound');
  if (remove) await store.remove(fileName);
  return bytes;
}
