import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsOption } from 'echarts';
import { CanvasRenderer } from 'echarts/renderers';
import { useReducedMotion } from '@/lib/reduced-motion';

// Only what the boards draw is bundled; this module is imported by lazy board pages only, so the login page
// never loads ECharts.
echarts.use([
  LineChart,
  BarChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  option: EChartsOption;
  /** The text alternative of the chart (a summary of what it shows); screen readers read it as an image. */
  label: string;
  /** 'No Data' instead of an empty chart. */
  empty?: boolean;
  height?: number;
}

/**
 * One ECharts chart, without animation under `prefers-reduced-motion: reduce`. It follows its element's size (a size sensor on the element, not only the window), so it
 * resizes with the window and when the sidebar opens or closes.
 */
export function EChart({ option, label, empty = false, height = 320 }: EChartProps) {
  const { t } = useTranslation();
  // Charts grow and slide in, and again on every update: not for readers who asked for less motion
  // (WCAG 2.3.3; antd's own motion follows the same setting, app/providers.tsx).
  const reducedMotion = useReducedMotion();
  if (empty) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('boards.noData')} />
      </div>
    );
  }
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={reducedMotion ? { ...option, animation: false } : option}
      notMerge
      style={{ height, width: '100%' }}
      role="img"
      aria-label={label}
    />
  );
}
