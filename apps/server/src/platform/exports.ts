import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { EXPORT_FILE_NAME } from '@sbuilding/shared';
import { AppError, badRequest } from './errors.js';

/**
 * Spreadsheet exports: a call writes a real .xlsx under `${DATA_DIR}/exports` with a name the server makes
 * up, answers that name, and GET /common/download sends the file. Names are checked against the generated
 * pattern and resolved inside the directory, so a download can never reach another file.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Exports nobody downloaded are removed after this long (checked whenever a new export is written). */
export const EXPORT_MAX_AGE_MS = 60 * 60_000;

export function exportDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
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
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Writes rows to a new .xlsx in `dir` and returns its file name (`exportFileName` of `nameParts`). */
export async function writeXlsx<T extends object>(
  dir: string,
  nameParts: readonly string[],
  sheetName: string,
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
): Promise<string> {
  await fs.promises.mkdir(dir, { recursive: true });
  await removeStaleExports(dir);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  // Values are written as plain cells (strings stay strings): a value starting with '=' is not a formula.
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, row[c.key]])));
  const fileName = exportFileName(nameParts);
  const partial = path.join(dir, `.${fileName}.part`);
  await workbook.xlsx.writeFile(partial);
  // Renamed only once complete, so a download never sees half a file.
  await fs.promises.rename(partial, path.join(dir, fileName));
  return fileName;
}

async function removeStaleExports(dir: string, now = Date.now()): Promise<void> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true });
  await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const file = path.join(dir, e.name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (stat && now - stat.mtimeMs > EXPORT_MAX_AGE_MS) await fs.promises.rm(file, { force: true });
      }),
  );
}

/**
 * Opens an export for download. The name must be one the server generates (no separators, no '..'),
 * and its resolved path must sit directly in the export directory: 400 otherwise; 404 when absent.
 * With `remove`, the file is unlinked once open: the open handle still reads it, and nobody else can.
 */
export async function openExport(
  dir: string,
  fileName: string,
  remove: boolean,
): Promise<fs.promises.FileHandle> {
  const root = path.resolve(dir);
  const file = path.resolve(root, fileName);
  if (!EXPORT_FILE_NAME.test(fileName) || fileName.includes('..') || path.dirname(file) !== root) {
    throw badRequest('validation.invalid', { data: 'fileName' });
  }
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ELOOP')) {
      throw new AppError(404, 'file.notFound');
    }
    throw error;
  }
  if (remove) await fs.promises.rm(file, { force: true });
  return handle;
}
