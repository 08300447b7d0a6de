import PDFDocument from 'pdfkit';
import type { EnergyReport, EnergyReportQuery, Lang } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { addDays, energyBoard, localClock, localDate, localMidnight } from '../energy/index.js';
import { findProject } from '../projects/index.js';
import { fitColumns, useCjkFont } from './bill-files.js';
import { energyBoardCost } from './costs.js';
import { ensureDemand, QUARTER_MS, quarterDemand } from './demand.js';

/**
 * The energy report of a week or a month (issue 22, scheduled reports and share links): the period's
 * consumption, cost, carbon and peak demand, by building and in all, beside the previous period. It is the
 * energy board's figures (kWh from `energyBoard`, cost and carbon from `energyBoardCost`, the same channels and
 * places) with the peak demand of each building's channels together (the bills' 15-minute averages).
 */
export async function energyReport(
  db: Db,
  scope: Scope,
  query: EnergyReportQuery,
  now = Date.now(),
): Promise<EnergyReport> {
  const project = await findProject(db, scope, query.projectId);
  const boardQuery = {
    projectId: query.projectId,
    period: query.period,
    anchor: query.anchor,
    buildingId: undefined,
  };
  const [board, cost] = await Promise.all([
    energyBoard(db, scope, boardQuery, now),
    energyBoardCost(db, scope, boardQuery, now),
  ]);
  const zone = board.timeZone;
  const { from, to } = board.current;
  const start = localMidnight(from, zone);
  const end = Math.max(
    start,
    Math.min(localMidnight(addDays(to, 1), zone), Math.floor(now / QUARTER_MS) * QUARTER_MS),
  );
  const channelsOf = new Map<number, number[]>();
  for (const meter of board.meters) {
    const ids = channelsOf.get(meter.buildingId) ?? [];
    ids.push(...meter.channels.map((c) => c.deviceId));
    channelsOf.set(meter.buildingId, ids);
  }
  const all = [...channelsOf.values()].flat();
  await ensureDemand(db, zone, all, from, to, now);
  const local = (ms: number) => `${localDate(ms, zone)} ${localClock(ms, zone)}`;
  const peakOf = async (ids: readonly number[]) => {
    const demand = await quarterDemand(db, ids, start, end);
    return { peakKw: demand.total?.kw ?? 0, peakAt: demand.total ? local(demand.total.at) : null };
  };
  const costOf = new Map(cost.buildings.map((b) => [b.buildingId, b]));
  const buildings = [];
  for (const b of board.buildings) {
    const priced = costOf.get(b.buildingId);
    buildings.push({
      buildingId: b.buildingId,
      name: b.name,
      kwh: b.energy,
      previousKwh: b.previous,
      cost: priced?.cost ?? 0,
      previousCost: priced?.previousCost ?? 0,
      carbon: priced?.carbon ?? 0,
      ...(await peakOf(channelsOf.get(b.buildingId) ?? [])),
    });
  }
  return {
    projectId: query.projectId,
    projectName: project.projectName,
    period: query.period,
    from,
    to,
    timeZone: zone,
    currency: cost.currency,
    hasTariff: cost.hasTariff,
    hasFactor: cost.hasFactor,
    kwh: board.energy,
    previousKwh: board.previous,
    cost: cost.cost,
    previousCost: cost.previousCost,
    carbon: cost.carbon,
    ...(await peakOf(all)),
    buildings,
  };
}

const WORDS = {
  EN: {
    title: 'Energy report',
    project: 'Project',
    period: 'Period',
    periods: { WEEK: 'Week', MONTH: 'Month' },
    building: 'Building',
    total: 'All buildings',
    kwh: 'kWh',
    previous: 'Previous period (kWh)',
    cost: 'Energy cost',
    carbon: 'Carbon (kgCO2e)',
    peak: 'Peak demand (kW)',
    peakAt: 'at',
    noTariff: 'No tariff applies to this period: cost is 0.',
    costRule:
      "Energy cost only: the demand charge (on the month's peak demand) and the fixed charges are on each building's monthly bill.",
    peakRule: 'Peak demand is the highest 15-minute average kW of the channels together.',
  },
  ZH: {
    title: '能耗报告',
    project: '项目',
    period: '周期',
    periods: { WEEK: '周', MONTH: '月' },
    building: '建筑',
    total: '全部建筑',
    kwh: 'kWh',
    previous: '上一周期（kWh）',
    cost: '电度电费',
    carbon: '碳排放（kgCO2e）',
    peak: '最大需量（kW）',
    peakAt: '时间',
    noTariff: '该周期没有适用的电价：电费为 0。',
    costRule: '仅为电度电费：需量电费（按当月最大需量计）和固定费用见各建筑的月度账单。',
    peakRule: '最大需量为各通道合计的 15 分钟平均功率最大值。',
  },
} as const;

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return String(Math.round(v * f) / f);
};

/** The report as a PDF (A4) in the reader's language, with Noto Sans SC like the bills. */
export async function reportPdf(report: EnergyReport, lang: Lang): Promise<Buffer> {
  const w = WORDS[lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${w.title} ${report.projectName} ${report.from} – ${report.to}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useCjkFont(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (cells: readonly string[], columns: readonly number[], size = 9) => {
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const x = left + (columns[i] ?? 0) * width;
      const next = columns[i + 1] ?? 1;
      doc.fontSize(size).text(cell, x, y, { width: (next - (columns[i] ?? 0)) * width - 6 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 2;
  };
  doc.fontSize(18).text(w.title, left, doc.y);
  doc.moveDown(0.4);
  row([w.project, report.projectName], [0, 0.3], 10);
  row([w.period, `${w.periods[report.period]}: ${report.from} – ${report.to}`], [0, 0.3], 10);
  doc.moveDown(0.6);
  const cells = (name: string, f: EnergyReport) => [
    name,
    round(f.kwh, 1),
    round(f.previousKwh, 1),
    round(f.cost, 2),
    round(f.carbon, 1),
    f.peakAt ? `${round(f.peakKw, 1)} ${w.peakAt} ${f.peakAt}` : '—',
  ];
  const header = [w.building, w.kwh, w.previous, `${w.cost} (${report.currency})`, w.carbon, w.peak];
  const body = [...report.buildings.map((b) => cells(b.name, { ...report, ...b })), cells(w.total, report)];
  // Columns as wide as their words need: fixed fractions broke words ("Channe / l" on the bills).
  const columns = fitColumns(doc, [header, ...body], 9, width);
  row(header, columns);
  for (const line of body) row(line, columns);
  doc.moveDown(0.6);
  if (!report.hasTariff) row([w.noTariff], [0]);
  row([w.costRule], [0]);
  row([w.peakRule], [0]);
  doc.end();
  return done;
}
