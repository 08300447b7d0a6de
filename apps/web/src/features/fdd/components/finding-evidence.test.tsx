import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { FddEvidence } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { setProjectTimeZone } from '@/lib/time';
import { seriousViolations } from '@/test/axe';
import { FindingEvidence } from './finding-evidence';
import type { FddFormat } from './fdd-format';

/** Figures written plainly, times as ISO, so the test reads what each line is given. */
const FORMAT: FddFormat = {
  money: (v) => `¥${v}`,
  kwh: (v) => `${v} kWh`,
  co2: (v) => `${v} kgCO2e`,
  watts: (v) => `${v} W`,
  number: (v) => v.toLocaleString('en-US'),
  time: (iso) => iso ?? '-',
};

/** A meter's Sunday night, three times its usual. */
const BASE_LOAD: FddEvidence = {
  readings: {},
  hour: '2026-12-06T13:00:00.000Z',
  hourKwh: 4.5,
  baseline: 1.5,
  wasteWatts: 3000,
  limit: '+30%, ≥ 0.5 kW',
};

/** A counter 10,000 kWh ahead at once. */
const JUMP: FddEvidence = {
  readings: { energy1: 10_500.3 },
  jump: { key: 'energy1', from: 500.3, to: 10_500.3, at: '2026-12-06T13:40:00.000Z' },
  wasteWatts: 0,
};

const renderEvidence = (evidence: FddEvidence) =>
  render(
    <Providers>
      <FindingEvidence evidence={evidence} format={FORMAT} />
    </Providers>,
  );

beforeEach(async () => {
  await setLanguage('en');
  setProjectTimeZone('Asia/Shanghai');
});
afterEach(() => setProjectTimeZone(null));

describe("a finding's evidence from the series rules", () => {
  it("says a base load's hour, what it used and what is usual, without an empty readings table", async () => {
    renderEvidence(BASE_LOAD);
    expect(screen.getByText('Used in that hour')).toBeInTheDocument();
    expect(screen.getByText('4.5 kWh')).toBeInTheDocument();
    expect(screen.getByText('Usual for that hour')).toBeInTheDocument();
    expect(screen.getByText('1.5 kWh')).toBeInTheDocument();
    expect(screen.getByText('2026-12-06T13:00:00.000Z')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Readings the rule read' })).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it("names a counter's step in the console's language", async () => {
    await setLanguage('zh-CN');
    renderEvidence(JUMP);
    expect(screen.getByText('计数跳变')).toBeInTheDocument();
    expect(screen.getByText(/从 500\.3 变为 10,500\.3/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '规则读取的数据' })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows a short-cycling AC's starts and a drifting sensor's comparison", () => {
    renderEvidence({ readings: { onOff: true }, starts: 9, wasteWatts: 60, limit: '≤ 6/h' });
    expect(screen.getByText('Starts in the last hour')).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
  });
});
