import { describe, expect, it } from 'vitest';
import { emissionFactorBodySchema, hoursOfDay, tariffCreateBodySchema } from './energy-billing.js';

const h = (period: string, from: number, to: number) => ({ period, from, to });
const base = { projectId: 1, name: 'TOU', validFrom: '2026-01-01', kind: 'tou' };
const prices = { sharp: 1.3, peak: 1, flat: 0.6, valley: 0.3, deepValley: 0.2 };
const allMonths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const wholeDay = [
  h('valley', 0, 8),
  h('peak', 8, 12),
  h('sharp', 12, 14),
  h('flat', 14, 22),
  h('deepValley', 22, 24),
];

function issues(body: unknown) {
  const result = tariffCreateBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('tariff schema', () => {
  it('accepts a five-period plan and fills the defaults', () => {
    const parsed = tariffCreateBodySchema.parse({
      ...base,
      prices,
      seasons: [{ months: allMonths, workday: wholeDay }],
    });
    expect(parsed.currency).toBe('CNY');
    expect(parsed.demandChargePerKw).toBe(0);
    expect(hoursOfDay(parsed, 5, true).join(',')).toMatch(/^valley(,valley){7},peak/);
  });

  it('names overlapping hours', () => {
    const workday = [h('valley', 0, 9), h('peak', 8, 12), h('flat', 12, 24)];
    expect(issues({ ...base, prices, seasons: [{ months: allMonths, workday }] })).toContain(
      'seasons.0.workday.1.from:periodsOverlap',
    );
  });

  it('names hours that do not cover the day', () => {
    const workday = [h('valley', 0, 8), h('flat', 9, 24)];
    expect(issues({ ...base, prices, seasons: [{ months: allMonths, workday }] })).toEqual([
      'seasons.0.workday:hoursNotCovered',
    ]);
  });

  it('names a period that ends before it starts, and months not covered once', () => {
    const workday = [h('valley', 8, 8), ...wholeDay];
    expect(issues({ ...base, prices, seasons: [{ months: [1, 2], workday }] })).toEqual(
      expect.arrayContaining(['seasons.0.workday.0.to:endAfterStart', 'seasons:monthsNotCovered']),
    );
  });

  it('checks the parts each kind needs', () => {
    expect(issues({ ...base, kind: 'flat' })).toEqual(['flatPrice:required']);
    expect(
      issues({
        ...base,
        kind: 'tiered',
        tiers: [
          { upToKwh: 100, price: 1 },
          { upToKwh: 50, price: 2 },
        ],
      }),
    ).toEqual(['tiers.1.upToKwh:tiersRise']);
    expect(issues({ ...base, kind: 'flat', flatPrice: -1 })).toEqual(['flatPrice:nonNegative']);
  });

  it('refuses an emission factor out of range', () => {
    expect(
      emissionFactorBodySchema.safeParse({ projectId: 1, validFrom: '2026-01-01', kgPerKwh: 5 }).success,
    ).toBe(false);
    expect(
      emissionFactorBodySchema.safeParse({ projectId: 1, validFrom: '2026-01-01', kgPerKwh: 0.57 }).success,
    ).toBe(true);
  });
});
