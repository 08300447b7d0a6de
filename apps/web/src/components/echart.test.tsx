import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { EChartsOption } from 'echarts';
import { EChart } from './echart';

const drawn: EChartsOption[] = [];
vi.mock('echarts-for-react/esm/core', () => ({
  default: ({ option }: { option: EChartsOption }) => {
    drawn.push(option);
    return null;
  },
}));

/** The system's "reduce motion" setting as the test says. */
function reduceMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)' && reduce,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  drawn.length = 0;
});

describe('EChart', () => {
  const option: EChartsOption = { series: [{ type: 'bar', data: [1, 2] }] };

  it('draws without animation when the system asks for less motion (issue 34)', () => {
    reduceMotion(true);
    render(<EChart option={option} label="Two bars" />);
    expect(drawn.at(-1)).toMatchObject({ animation: false, series: option.series });
  });

  it('keeps ECharts’ animation otherwise', () => {
    reduceMotion(false);
    render(<EChart option={option} label="Two bars" />);
    expect(drawn.at(-1)).toBe(option);
  });
});
