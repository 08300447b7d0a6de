import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkGlyph } from './mark-glyph';
import type { MarkState } from './mark-state';

const STATES: MarkState[] = ['online', 'offline', 'unbound'];

/** What the three mark symbols mean. */
export function MarkLegend() {
  const { t } = useTranslation();
  return (
    <Space wrap aria-label={t('deviceMarks.legend.label')} role="list" className="sb-mark-legend">
      {STATES.map((state) => (
        <span role="listitem" key={state} className="sb-mark-legend-item">
          <svg width="22" height="22" viewBox="-11 -11 22 22" aria-hidden>
            <MarkGlyph state={state} r={9} />
          </svg>
          <span>{t(`deviceMarks.legend.${state}`)}</span>
        </span>
      ))}
    </Space>
  );
}
