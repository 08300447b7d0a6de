import type { EnergyQuery, Lang } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';
import type { Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import { energyBoard } from './service.js';

interface ExportRow {
  building: string;
  floor: string;
  meter: string;
  channel: number | string;
  name: string;
  energy: number;
  previous: number;
  changePercent: number | string;
}

type Column = keyof ExportRow;

const HEADERS: Record<Lang, Record<Column, string>> = {
  EN: {
    building: 'Building',
    floor: 'Floor',
    meter: 'Meter',
    channel: 'Channel',
    name: 'Name',
    energy: 'This period (kWh) {range}',
    previous: 'Previous period (kWh) {range}',
    changePercent: 'Change (%)',
  },
  ZH: {
    building: '建筑',
    floor: '楼层',
    meter: '电表',
    channel: '通道',
    name: '名称',
    energy: '本期（kWh）{range}',
    previous: '上期（kWh）{range}',
    changePercent: '变化（%）',
  },
};

const TOTAL: Record<Lang, string> = { EN: 'Total', ZH: '合计' };

const COLUMNS: readonly Column[] = [
  'building',
  'floor',
  'meter',
  'channel',
  'name',
  'energy',
  'previous',
  'changePercent',
];

/** kWh to the watt-hour, as the table shows them. */
function kwh(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Writes the energy board's breakdown table (one row per ammeter channel, then the total) to an .xlsx in
 * `dir`, headers in `lang`; answers its name.
 */
export async function exportEnergy(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  lang: Lang,
  dir: ExportTarget,
  now = Date.now(),
): Promise<string> {
  const board = await energyBoard(db, scope, query, now);
  const range = (r: { from: string; to: string }) => (r.from === r.to ? r.from : `${r.from} – ${r.to}`);
  const columns: ExportColumn<ExportRow>[] = COLUMNS.map((key) => ({
    key,
    header: HEADERS[lang][key].replace(
      '{range}',
      key === 'energy'
        ? range(board.current)
        : board.comparedUntil
          ? // Compared up to the same moment (the period runs): the header says up to when.
            `${board.previousRange.from} – ${board.comparedUntil.date} ${board.comparedUntil.time}`
          : range(board.previousRange),
    ),
    width: key === 'energy' || key === 'previous' ? 30 : 20,
  }));
  const rows: ExportRow[] = board.meters.flatMap((m) =>
    m.channels.map((c) => ({
      building: m.buildingName,
      floor: m.floorName,
      meter: m.code,
      channel: c.channel ?? '',
      name: c.name,
      energy: kwh(c.energy),
      previous: kwh(c.previous),
      changePercent: c.changePercent ?? '',
    })),
  );
  rows.push({
    building: TOTAL[lang],
    floor: '',
    meter: '',
    channel: '',
    name: '',
    energy: kwh(board.energy),
    previous: kwh(board.previous),
    changePercent: board.changePercent ?? '',
  });
  // Named after what it holds: project, (building,) board, period and its dates.
  const project = await findProject(db, scope, query.projectId);
  const building = board.buildingOptions.find((b) => b.id === query.buildingId)?.name ?? '';
  const { from, to } = board.current;
  const dates = from === to ? [from] : [from, to];
  const name = [project.projectName, building, lang === 'ZH' ? '能耗' : 'energy', query.period, ...dates];
  return writeXlsx(dir, name, 'energy', columns, rows);
}
