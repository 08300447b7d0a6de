import ExcelJS from 'exceljs';
import {
  DEVICE_LABELS,
  DEVICE_MODELS,
  MODEL_IDS,
  type DeviceField,
  type DeviceModel,
  type Lang,
} from '@sbuilding/shared';
import { headerOf, IMPORT_COLUMNS, type CellValue } from './import-columns.js';

/**
 * GET /sbuilding/device/import/template: an .xlsx with every column some model uses and one example row per
 * model, each valid. Places are the demo campus's names, as placeholders to replace; gateways come first
 * so the rows behind them name a gateway of an earlier row, the way a real file may.
 */

const TEMPLATE_PLACE = { building: 'Building A', floor: '1st floor', zone: 'Lobby', position: 'Room 101' };

/** Example values that read naturally; other fields take a value from their rule. */
const EXAMPLES: Record<string, CellValue> = {
  serverAddr: 'mqtt://iot.example.com',
  port: 1883,
  ratio: 1,
  transformerRatio: 100,
  label: 'Example',
  manufacturerCode: 'SB',
  indoorAddr: 1,
  gatewayAddr: 1,
};

function exampleValue(field: DeviceField, index: number): CellValue {
  const example = EXAMPLES[field.name];
  if (example !== undefined) return example;
  const n = String(index + 1).padStart(2, '0');
  switch (field.kind) {
    case 'mac':
      return `AA:BB:CC:DD:EE:${n}`;
    case 'code12':
      return `SBDEMO0000${n}`;
    case 'serverAddr':
      return 'mqtt://iot.example.com';
    case 'int':
    case 'decimal':
      return field.min;
    case 'enum': {
      const refused = field.refused ?? [];
      return field.values.find((v) => !refused.some((r) => r.value === v)) ?? field.values[0];
    }
    case 'boolean':
      return 'yes';
    case 'text':
      return '';
    case 'deviceRef':
      return null;
  }
}

/** Models that others sit behind come first, so each reference names an earlier row. */
function templateModels(): DeviceModel[] {
  const models = MODEL_IDS.map((id) => DEVICE_MODELS[id]);
  const gatewayCategories = new Set(
    models.flatMap((m) => m.createFields.flatMap((f) => (f.kind === 'deviceRef' ? [f.category] : []))),
  );
  const isGateway = (m: DeviceModel) => gatewayCategories.has(m.category);
  return [...models.filter(isGateway), ...models.filter((m) => !isGateway(m))];
}

export function templateRows(lang: Lang): Record<string, CellValue>[] {
  const labels = lang === 'ZH' ? DEVICE_LABELS.zh : DEVICE_LABELS.en;
  const models = templateModels();
  const nameOf = (m: DeviceModel) => `${labels.categories[m.category]} (${m.id})`;
  return models.map((model, index) => {
    const row: Record<string, CellValue> = { model: model.id, name: nameOf(model), ...TEMPLATE_PLACE };
    for (const field of model.createFields) {
      if (field.name === 'name') continue;
      if (field.kind === 'deviceRef') {
        const gateway = models.find((m) => m.category === field.category);
        row.gateway = gateway ? nameOf(gateway) : null;
      } else {
        row[field.name] = exampleValue(field, index);
      }
    }
    return row;
  });
}

export async function templateXlsx(lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(lang === 'ZH' ? '设备' : 'devices');
  sheet.columns = IMPORT_COLUMNS.map((key) => ({ header: headerOf(key, lang), key, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of templateRows(lang)) sheet.addRow(row);
  // Codes stay text: '000000000001' must not become a number when the user edits the cell.
  for (const key of ['macAddr', 'codeAddr']) sheet.getColumn(key).numFmt = '@';
  const labels = lang === 'ZH' ? DEVICE_LABELS.zh : DEVICE_LABELS.en;
  const models = workbook.addWorksheet(lang === 'ZH' ? '型号' : 'models');
  models.columns = [
    { header: headerOf('model', lang), key: 'model', width: 12 },
    { header: headerOf('name', lang), key: 'name', width: 45 },
  ];
  for (const id of MODEL_IDS) models.addRow({ model: id, name: labels.models[id] });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
