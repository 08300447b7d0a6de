import {
  DEVICE_MODELS,
  MODEL_IDS,
  type DeviceCategory,
  type ImportCheck,
  type ImportResult,
  type ImportRow,
  type ImportRowResult,
  type Lang,
  type ModelId,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { appErrorMessage } from '../../platform/error-handler.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { exportDate, writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';
import type { Scope } from '../../platform/tenancy.js';
import { RequestValidationError, validationMessage } from '../../platform/validate.js';
import { findProject } from '../projects/index.js';
import { createDevice } from './device-service.js';
import { headerOf, modelOfCell, type CellValue } from './import-columns.js';
import type { ImportColumn } from './import-file.js';
import { ProjectNames } from './import-places.js';
import { columnOfBodyField, prepareRow, type RowError } from './import-rows.js';

/**
 * Bulk import of devices (issue 4). Every row goes through the registry's own create call, each inside a
 * savepoint so one bad row does not spoil the others: a check runs them all in a transaction that is
 * always rolled back; an import keeps them, all or none ('all') or only the good ones ('valid'). Rows are
 * created in file order, so a gateway created by one row can be named by the rows after it.
 */

export interface ImportContext {
  db: Db;
  scope: Scope;
  lang: Lang;
}

/** The categories some model's gateway reference points to: the devices a row may name as its gateway. */
const GATEWAY_CATEGORIES: DeviceCategory[] = [
  ...new Set(
    MODEL_IDS.flatMap((id) =>
      DEVICE_MODELS[id].createFields.flatMap((f) => (f.kind === 'deviceRef' ? [f.category] : [])),
    ),
  ),
];

/** Thrown to roll the check's transaction back once every row was tried. */
class CheckDone extends Error {
  constructor(readonly results: ImportRowResult[]) {
    super('import check done');
  }
}

/** The column a registry refusal concerns, so the console marks the right cell. */
function columnOfError(model: ModelId, error: AppError): string {
  const [fields] = Object.values(error.fieldParams);
  if (fields) return fields.map((f) => columnOfBodyField(model, f)).join(',');
  if (error.key === 'device.zoneNotOnFloor' || error.key === 'device.zoneWithoutFloor') return 'zone';
  if (error.key === 'device.floorNotInBuilding') return 'floor';
  return '';
}

/** A refusal of the registry as the row's errors, worded as the error handler words it. */
function rowErrorsOf(lang: Lang, model: ModelId, error: unknown): RowError[] | null {
  if (error instanceof RequestValidationError) {
    return error.issues.map((issue) => ({
      field: columnOfBodyField(model, issue.instancePath.split('/').filter(Boolean)[0] ?? ''),
      message: validationMessage(lang, [issue]),
    }));
  }
  if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 404)) return null;
  return [{ field: columnOfError(model, error), message: appErrorMessage(lang, error) }];
}

/**
 * Tries every row in `db` (a transaction) in file order. `stopAtFirst` throws the first bad row as
 * 'Line 7: ...' (mode all), which rolls the caller's transaction back.
 */
async function runRows(
  ctx: ImportContext,
  db: Db,
  projectId: number,
  rows: readonly ImportRow[],
  stopAtFirst: boolean,
): Promise<ImportRowResult[]> {
  const { scope, lang } = ctx;
  const names = await ProjectNames.load(db, scope, lang, projectId, GATEWAY_CATEGORIES);
  const results: ImportRowResult[] = [];
  for (const row of [...rows].sort((a, b) => a.line - b.line)) {
    const prepared = prepareRow(lang, names, row);
    let errors: RowError[] = prepared.ok ? [] : prepared.errors;
    if (prepared.ok) {
      const { model, body } = prepared;
      try {
        const device = await db.transaction((savepoint) => createDevice(savepoint, scope, model, body));
        if (GATEWAY_CATEGORIES.includes(device.category)) {
          names.addGateway(device.category, device.name, device.id, device.buildingId);
        }
      } catch (error) {
        const refused = rowErrorsOf(lang, model, error);
        if (!refused) throw error;
        errors = refused;
      }
    }
    const first = errors[0];
    if (stopAtFirst && first) {
      throw badRequest('import.lineError', { line: row.line, message: first.message });
    }
    const cell = row.values.model ?? null;
    const model = modelOfCell(cell) ?? (cell === null ? '' : String(cell));
    results.push({ line: row.line, model, name: String(row.values.name ?? ''), errors });
  }
  return results;
}

/** Checks every row without saving anything; the rejected ones are also written as an .xlsx report. */
export async function checkImport(
  ctx: ImportContext,
  exports: ExportTarget,
  projectId: number,
  columns: readonly ImportColumn[],
  rows: readonly ImportRow[],
): Promise<ImportCheck> {
  await findProject(ctx.db, ctx.scope, projectId);
  let results: ImportRowResult[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      throw new CheckDone(await runRows(ctx, tx, projectId, rows, false));
    });
  } catch (error) {
    if (!(error instanceof CheckDone)) throw error;
    results = error.results;
  }
  const invalid = results.filter((r) => r.errors.length > 0);
  const reportFileName =
    invalid.length > 0 ? await writeReport(ctx.lang, exports, columns, rows, invalid) : null;
  return {
    rows: [...rows],
    results,
    valid: results.length - invalid.length,
    invalid: invalid.length,
    reportFileName,
  };
}

/** Saves the rows: every one or none (`all`), or the good ones (`valid`), answering the rejected ones. */
export async function runImport(
  ctx: ImportContext,
  projectId: number,
  mode: 'all' | 'valid',
  rows: readonly ImportRow[],
): Promise<ImportResult> {
  await findProject(ctx.db, ctx.scope, projectId);
  const results = await ctx.db.transaction((tx) => runRows(ctx, tx, projectId, rows, mode === 'all'));
  const rejected = results.filter((r) => r.errors.length > 0);
  return { imported: results.length - rejected.length, rejected };
}

type ReportRow = Record<string, CellValue>;

/** The rejected rows as read, their line first and their reasons last, headed as in the file. */
async function writeReport(
  lang: Lang,
  exports: ExportTarget,
  columns: readonly ImportColumn[],
  rows: readonly ImportRow[],
  invalid: readonly ImportRowResult[],
): Promise<string> {
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const reportColumns: ExportColumn<ReportRow>[] = [
    { key: 'line', header: headerOf('line', lang), width: 8 },
    ...columns.map((c) => ({ key: c.key, header: c.header })),
    { key: 'errors', header: headerOf('errors', lang), width: 60 },
  ];
  const reportRows = invalid.map((result) => ({
    ...byLine.get(result.line)?.values,
    line: result.line,
    errors: result.errors.map((e) => e.message).join('; '),
  }));
  return writeXlsx(exports, ['device_import_errors', exportDate('UTC')], 'errors', reportColumns, reportRows);
}
