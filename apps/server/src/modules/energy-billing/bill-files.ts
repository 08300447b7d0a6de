import fs from 'node:fs';
import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Bill, Lang } from '@sbuilding/shared';

/** The bill's words in the reader's language. */
const WORDS = {
  EN: {
    title: 'Energy bill',
    place: 'Place',
    levels: { building: 'Building', floor: 'Floor', zone: 'Zone', node: 'Meter tree node' },
    month: 'Month',
    tariff: 'Tariff',
    none: 'none',
    period: 'Period',
    periods: { sharp: 'Sharp peak', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley' },
    kwh: 'kWh',
    cost: 'Cost',
    consumption: 'Consumption',
    energyCost: 'Energy cost',
    peak: 'Peak demand (kW)',
    peakAt: 'Peak demand at',
    peakRule: 'Peak demand is',
    peakBasis: {
      quarterHour: 'the highest 15-minute average kW, from the meter readings',
      hour: "the highest hourly average kW (the month's readings are no longer kept)",
    },
    meterPeak: 'Peak demand (kW) at',
    demandCharge: 'Demand charge',
    fixedCharges: 'Fixed charges',
    total: 'Total',
    carbon: 'Carbon (kgCO2e)',
    meters: 'Meters and readings',
    meter: 'Meter',
    channel: 'Channel',
    name: 'Name',
    startReading: 'Reading at start',
    endReading: 'Reading at end',
    gaps: 'Gaps in the readings',
    gapRule: 'What a meter counted during a gap arrived with its next reading and is priced in that hour.',
    noGaps: 'No gaps: every channel reported every hour.',
    gapMore: '{n} gaps in all; the first {m} are listed.',
  },
  ZH: {
    title: '电费账单',
    place: '位置',
    levels: { building: '建筑', floor: '楼层', zone: '区域', node: '计量树节点' },
    month: '月份',
    tariff: '电价',
    none: '无',
    period: '时段',
    periods: { sharp: '尖峰', peak: '高峰', flat: '平段', valley: '低谷', deepValley: '深谷' },
    kwh: 'kWh',
    cost: '电费',
    consumption: '用电量',
    energyCost: '电度电费',
    peak: '最大需量（kW）',
    peakAt: '最大需量时间',
    peakRule: '最大需量口径',
    peakBasis: {
      quarterHour: '电表读数的 15 分钟平均功率最大值',
      hour: '每小时平均功率最大值（该月的读数已不再保留）',
    },
    meterPeak: '最大需量（kW）及时间',
    demandCharge: '需量电费',
    fixedCharges: '固定费用',
    total: '合计',
    carbon: '碳排放（kgCO2e）',
    meters: '电表及读数',
    meter: '电表',
    channel: '通道',
    name: '名称',
    startReading: '期初读数',
    endReading: '期末读数',
    gaps: '读数缺口',
    gapRule: '缺口期间电表累计的电量随下一次读数到达，按该小时的时段计价。',
    noGaps: '无缺口：每个通道每小时都有读数。',
    gapMore: '共 {n} 个缺口，列出前 {m} 个。',
  },
} as const;

const money = (v: number) => Math.round(v * 100) / 100;
const kwh = (v: number) => Math.round(v * 1000) / 1000;

/** The bill as rows of cells, shared by the spreadsheet and the PDF. */
function sections(bill: Bill, lang: Lang) {
  const w = WORDS[lang];
  const fixed = bill.fixedCharges.reduce((s, c) => s + c.amount, 0);
  const summary: [string, string | number][] = [
    [w.place, `${w.levels[bill.level]}: ${bill.nodeName}`],
    [w.month, bill.month],
    [w.tariff, bill.tariffNames.join(', ') || w.none],
    [`${w.consumption} (${w.kwh})`, kwh(bill.kwh)],
    [`${w.energyCost} (${bill.currency})`, money(bill.energyCost)],
    [w.peak, kwh(bill.peakKw)],
    [w.peakAt, bill.peakAt ?? '—'],
    [w.peakRule, w.peakBasis[bill.peakBasis]],
    [`${w.demandCharge} (${bill.currency})`, money(bill.demandCharge)],
    ...bill.fixedCharges.map((c): [string, number] => [
      `${w.fixedCharges}: ${c.name} (${bill.currency})`,
      money(c.amount),
    ]),
    [`${w.total} (${bill.currency})`, money(bill.energyCost + bill.demandCharge + fixed)],
    [w.carbon, kwh(bill.carbon)],
  ];
  const periods: (string | number)[][] = bill.periods.map((p) => [
    w.periods[p.period],
    kwh(p.kwh),
    money(p.cost),
  ]);
  const meters: (string | number)[][] = bill.meters.map((m) => [
    m.code,
    m.channel ?? '',
    m.name,
    m.startReading === null ? '—' : kwh(m.startReading),
    m.endReading === null ? '—' : kwh(m.endReading),
    kwh(m.kwh),
    m.peakAt === null ? '—' : `${kwh(m.peakKw)} @ ${m.peakAt}`,
  ]);
  const gaps = bill.gaps.map((g) => `${g.name}: ${g.from} – ${g.to}`);
  const gapNotes = [
    bill.gapCount === 0 ? w.noGaps : w.gapRule,
    ...(bill.gapCount > bill.gaps.length
      ? [w.gapMore.replace('{n}', String(bill.gapCount)).replace('{m}', String(bill.gaps.length))]
      : []),
  ];
  return { w, summary, periods, meters, gaps, gapNotes };
}

/** The bill as an .xlsx (one sheet: summary, periods, meters, gaps). */
export async function billXlsx(bill: Bill, lang: Lang): Promise<Buffer> {
  const { w, summary, periods, meters, gaps, gapNotes } = sections(bill, lang);
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(bill.month);
  sheet.columns = [
    { width: 34 },
    { width: 18 },
    { width: 24 },
    { width: 18 },
    { width: 18 },
    { width: 14 },
    { width: 26 },
  ];
  sheet.addRow([w.title]).font = { bold: true, size: 14 };
  for (const row of summary) sheet.addRow(row);
  sheet.addRow([]);
  sheet.addRow([w.period, w.kwh, `${w.cost} (${bill.currency})`]).font = { bold: true };
  for (const row of periods) sheet.addRow(row);
  sheet.addRow([]);
  sheet.addRow([w.meters]).font = { bold: true };
  sheet.addRow([w.meter, w.channel, w.name, w.startReading, w.endReading, w.kwh, w.meterPeak]).font = {
    bold: true,
  };
  for (const row of meters) sheet.addRow(row);
  sheet.addRow([]);
  sheet.addRow([w.gaps]).font = { bold: true };
  for (const note of gapNotes) sheet.addRow([note]);
  for (const gap of gaps) sheet.addRow([gap]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

let font: Font | undefined;
/**
 * Noto Sans SC from npm (@expo-google-fonts/noto-sans-sc): one font for both languages, subset into each PDF.
 * Parsed once (fontkit, as pdfkit would for each document): a 10 MB font's tables and glyphs are read once
 * for every PDF the process makes (a month's bills of a large campus: 5 ms a PDF instead of 11-19).
 */
function parsedFont(): Font {
  if (!font) {
    const require = createRequire(import.meta.url);
    const file = fs.readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    );
    const parsed = fontkit.create(file);
    if (!('layout' in parsed)) throw new Error('Noto Sans SC: a font collection, not a font');
    font = parsed;
  }
  return font;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- pdfkit's types are a global namespace
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit takes a parsed fontkit font as well as a file (its `PDFFontSource` lists only files). */
      registerFont(name: string, src: Font): this;
    }
  }
}

/** Makes the CJK font the document's font. */
export function useCjkFont(doc: PDFKit.PDFDocument): void {
  doc.registerFont('cjk', parsedFont());
  doc.font('cjk');
}

/** Space between two columns of a PDF table, in points. */
const GUTTER = 6;

/**
 * Column starts (fractions of `width`) for a PDF table whose cells are `rows` at font `size`: no column is
 * narrower than its widest word (so "Channel" never breaks into "Channe / l": fixed fractions did at 8 pt), and
 * the width left is shared in proportion to what each column's whole texts would need.
 */
export function fitColumns(
  doc: PDFKit.PDFDocument,
  rows: readonly (readonly (string | number)[])[],
  size: number,
  width: number,
): number[] {
  doc.fontSize(size);
  const count = Math.max(...rows.map((r) => r.length));
  const least = Array.from({ length: count }, () => GUTTER);
  const whole = Array.from({ length: count }, () => GUTTER);
  for (const cells of rows) {
    cells.forEach((cell, i) => {
      const text = String(cell);
      const words = text.split(/\s+/).map((word) => doc.widthOfString(word));
      least[i] = Math.max(least[i] ?? 0, Math.max(0, ...words) + GUTTER);
      whole[i] = Math.max(whole[i] ?? 0, doc.widthOfString(text) + GUTTER);
    });
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const spare = width - sum(least);
  const wish = whole.map((w, i) => w - (least[i] ?? 0));
  const widths =
    spare <= 0 || sum(wish) === 0
      ? least.map((w) => (w * width) / sum(least))
      : least.map((w, i) => w + (spare * (wish[i] ?? 0)) / sum(wish));
  const starts: number[] = [];
  let at = 0;
  for (const w of widths) {
    starts.push(at / width);
    at += w;
  }
  return starts;
}

/** The bill as a PDF (A4) in the reader's language. */
export async function billPdf(bill: Bill, lang: Lang): Promise<Buffer> {
  const { w, summary, periods, meters, gaps, gapNotes } = sections(bill, lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${w.title} ${bill.nodeName} ${bill.month}` },
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

  /** One row of cells at fixed column starts (fractions of the width). */
  const row = (cells: readonly (string | number)[], columns: readonly number[], size = 10) => {
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      const x = left + (columns[i] ?? 0) * width;
      const next = columns[i + 1] ?? 1;
      doc.fontSize(size).text(String(cell), x, y, { width: (next - (columns[i] ?? 0)) * width - GUTTER });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 2;
  };
  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.fontSize(12).text(text, left, doc.y);
    doc.moveDown(0.2);
  };

  doc.fontSize(18).text(w.title, left, doc.y);
  doc.moveDown(0.4);
  for (const [label, value] of summary) row([label, value], [0, 0.5]);
  heading(`${w.period} / ${w.kwh} / ${w.cost} (${bill.currency})`);
  for (const cells of periods) row(cells, [0, 0.4, 0.7]);
  heading(w.meters);
  const meterHeader = [w.meter, w.channel, w.name, w.startReading, w.endReading, w.kwh, w.meterPeak];
  const meterColumns = fitColumns(doc, [meterHeader, ...meters], 8, width);
  row(meterHeader, meterColumns, 8);
  for (const cells of meters) row(cells, meterColumns, 8);
  heading(w.gaps);
  for (const note of gapNotes) row([note], [0], 9);
  for (const gap of gaps) row([gap], [0], 9);
  doc.end();
  return done;
}
