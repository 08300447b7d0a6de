/**
 * jsdom has no canvas: a test mocks '@/components/echart' with this module, so a chart is its text
 * alternative (ECharts itself is checked in the browser):
 * `vi.mock('@/components/echart', () => import('@/test/echart-stub'));`
 */
export function EChart({ label, empty }: { label: string; empty?: boolean }) {
  return (
    <div role="img" aria-label={label}>
      {empty ? 'No Data' : null}
    </div>
  );
}
