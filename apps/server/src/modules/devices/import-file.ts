import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, type ImportRow } from '@sbuilding/shared';
import { badRequest } from '../../platform/errors.js';
import { columnOfHeader, isBlank, REPORT_COLUMNS, type CellValue } from './import-columns.js';

/**
 * Reads an uploaded import file: the first sheet of an .xlsx, or a CSV (UTF-8 with or without a BOM, or
 * GB18030; comma or semicolon separated). Row 1 holds the headers; blank rows are skipped; every value is kept as
 * read (the row checks convert it by the field's kind), so the console can show the file back to the user.
 */

export interface ImportColumn {
  /** The column key (macAddr, building, gateway, ...). */
  key: string;
  /** The header as written in the file, for the report of rejected rows. */
  header: string;
}

export interface ImportFile {
  columns: ImportColumn[];
  rows: ImportRow[];
}

/** An .xlsx is a zip archive: it starts with 'PK\x03\x04'. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const fileFormatError = () => badRequest('validation.fileFormat');

export async function readImportFile(bytes: Buffer, filename: string): Promise<ImportFile> {
  const name = filename.toLowerCase();
  let sheet: ExcelJS.Worksheet | undefined;
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    if (!name.endsWith('.xlsx')) throw fileFormatError();
    const workbook = new ExcelJS.Workbook();
    try {
      // A copy as a plain ArrayBuffer, which is what exceljs's typings ask for.
      await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    } catch {
      throw fileFormatError();
    }
    sheet = workbook.worksheets[0];
  } else if (name.endsWith('.csv') || name.endsWith('.txt')) {
    sheet = await readCsv(bytes);
  } else {
    throw fileFormatError();
  }
  if (!sheet) throw badRequest('import.empty');
  return readSheet(sheet);
}

async function readCsv(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const text = decodeCsv(bytes);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  // Excel in many locales (and in China with some settings) separates with ';' where ',' is the decimal mark.
  const delimiter = count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';
  const workbook = new ExcelJS.Workbook();
  try {
    return await workbook.csv.read(Readable.from([Buffer.from(text, 'utf8')]), {
      parserOptions: { delimiter },
      // Keep every cell as text: '001122334455' is a code, not the number 1122334455.
      map: (datum: string) => datum,
    });
  } catch {
    throw fileFormatError();
  }
}

/**
 * UTF-8 (with or without a BOM); failing that GB18030, which is what Excel on a Chinese Windows saves as
 * 'CSV'. A CSV is text: NUL bytes or bytes neither encoding reads mean a binary file with a .csv name.
 */
function decodeCsv(bytes: Buffer): string {
  if (bytes.includes(0)) throw fileFormatError();
  if (bytes.subarray(0, 3).equals(BOM)) bytes = bytes.subarray(3);
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      // Not this encoding; try the next.
    }
  }
  throw fileFormatError();
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** A cell as a plain value: formulas give their result, rich text and links their text, dates ISO text. */
function cellValue(cell: ExcelJS.Cell): CellValue {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean')
      return result;
    return null;
  }
  const text = cell.text.trim();
  return text === '' ? null : text;
}

function readSheet(sheet: ExcelJS.Worksheet): ImportFile {
  const headerRow = sheet.getRow(1);
  const columns = new Map<number, ImportColumn>();
  const seen = new Set<string>();
  headerRow.eachCell((cell, col) => {
    const header = cell.text.trim();
    if (header === '') return;
    const key = columnOfHeader(header);
    if (!key) throw badRequest('import.unknownColumn', { name: header });
    if (seen.has(key)) throw badRequest('import.duplicateColumn', { name: header });
    seen.add(key);
    columns.set(col, { key, header });
  });
  if (!seen.has('model')) throw badRequest('import.modelColumn');

  const rows: ImportRow[] = [];
  const reportOnly = new Set<string>(REPORT_COLUMNS);
  // eachRow visits only the rows the file holds: a sheet formatted down to row 1,048,576 costs nothing.
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values: Record<string, CellValue> = {};
    let blank = true;
    for (const [col, column] of columns) {
      if (reportOnly.has(column.key)) continue;
      const value = cellValue(row.getCell(col));
      values[column.key] = value;
      if (!isBlank(value)) blank = false;
    }
    if (blank) return;
    if (rows.length === IMPORT_MAX_ROWS) throw badRequest('import.tooManyRows', { max: IMPORT_MAX_ROWS });
    rows.push({ line, values });
  });
  if (rows.length === 0) throw badRequest('import.empty');
  return { columns: [...columns.values()].filter((c) => !reportOnly.has(c.key)), rows };
}
