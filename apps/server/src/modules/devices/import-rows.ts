import {
  DEVICE_MODELS,
  deviceCreateBodySchemaFor,
  type ImportRow,
  type Lang,
  type ModelId,
} from '@sbuilding/shared';
import { translate } from '../../platform/i18n/index.js';
import { validationMessage } from '../../platform/validate.js';
import { convertCell, isBlank, modelOfCell, type CellValue } from './import-columns.js';
import type { ProjectNames } from './import-places.js';

/**
 * One row of an import file as the body of the registry's create call: names are looked up (building,
 * floor, zone, gateway), cells converted by their field's kind, and the body read with the same shared
 * schema the create calls use, so every problem of the row is reported at once, each on its column.
 */

export interface RowError {
  field: string;
  message: string;
}

export type PreparedRow =
  { ok: true; model: ModelId; body: Record<string, unknown> } | { ok: false; errors: RowError[] };

/** The column a body field is read from (the file names places and gateways, the body holds ids). */
export function columnOfBodyField(model: ModelId, field: string): string {
  if (field === 'buildingId') return 'building';
  if (field === 'floorId') return 'floor';
  if (field === 'zoneId') return 'zone';
  const ref = DEVICE_MODELS[model].createFields.find((f) => f.kind === 'deviceRef');
  return ref && ref.name === field ? 'gateway' : field;
}

/** A validation key of the shared schemas as a sentence naming the column, in the request's language. */
export function issueMessage(lang: Lang, column: string, message: string, code = 'custom'): string {
  return validationMessage(lang, [{ instancePath: `/${column}`, keyword: code, message }]);
}

/** The body schema of each model, built once: building it costs more than reading a row with it. */
const bodySchemas = new Map<ModelId, ReturnType<typeof deviceCreateBodySchemaFor>>();

function bodySchemaFor(model: ModelId) {
  let schema = bodySchemas.get(model);
  if (!schema) {
    schema = deviceCreateBodySchemaFor(model);
    bodySchemas.set(model, schema);
  }
  return schema;
}

function text(value: CellValue | undefined): string {
  return isBlank(value) ? '' : String(value).trim();
}

export function prepareRow(lang: Lang, names: ProjectNames, row: ImportRow): PreparedRow {
  const values = row.values;
  const errors: RowError[] = [];
  const required = (field: string) => ({ field, message: issueMessage(lang, field, 'required') });

  const modelCell = values.model;
  if (isBlank(modelCell)) return { ok: false, errors: [required('model')] };
  const model = modelOfCell(modelCell);
  if (!model) {
    const message = translate(lang, 'import.unknownModel', { name: text(modelCell) });
    return { ok: false, errors: [{ field: 'model', message }] };
  }
  const spec = DEVICE_MODELS[model];

  const body: Record<string, unknown> = { position: text(values.position) };
  let buildingId: number | null = null;
  if (isBlank(values.building)) errors.push(required('building'));
  else {
    const building = names.building(text(values.building));
    if ('error' in building) errors.push({ field: 'building', message: building.error });
    else buildingId = building.id;
  }
  body.buildingId = buildingId ?? undefined;

  let floorId: number | null = null;
  if (!isBlank(values.floor) && buildingId !== null) {
    const floor = names.floor(buildingId, text(values.floor));
    if ('error' in floor) errors.push({ field: 'floor', message: floor.error });
    else floorId = floor.id;
  }
  body.floorId = floorId;

  body.zoneId = null;
  if (!isBlank(values.zone)) {
    if (isBlank(values.floor)) {
      errors.push({ field: 'zone', message: translate(lang, 'import.zoneWithoutFloor') });
    } else if (floorId !== null) {
      const zone = names.zone(floorId, text(values.zone));
      if ('error' in zone) errors.push({ field: 'zone', message: zone.error });
      else body.zoneId = zone.id;
    }
  }

  for (const field of spec.createFields) {
    if (field.kind === 'deviceRef') {
      if (isBlank(values.gateway)) {
        if (field.required) errors.push(required('gateway'));
        continue;
      }
      const gateway = names.gateway(field.category, text(values.gateway), buildingId);
      if ('error' in gateway) errors.push({ field: 'gateway', message: gateway.error });
      else body[field.name] = gateway.id;
      continue;
    }
    const value = convertCell(field, values[field.name]);
    if (value !== undefined) body[field.name] = value;
  }
  if (!spec.createFields.some((f) => f.kind === 'deviceRef') && !isBlank(values.gateway)) {
    errors.push({ field: 'gateway', message: translate(lang, 'import.gatewayNotUsed') });
  }

  const parsed = bodySchemaFor(model).safeParse(body);
  if (!parsed.success) {
    const reported = new Set(errors.map((e) => e.field));
    for (const issue of parsed.error.issues) {
      const column = columnOfBodyField(model, String(issue.path[0] ?? 'name'));
      // A place or gateway that could not be looked up is already reported by name.
      if (reported.has(column)) continue;
      reported.add(column);
      errors.push({ field: column, message: issueMessage(lang, column, issue.message, issue.code) });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, model, body };
}
