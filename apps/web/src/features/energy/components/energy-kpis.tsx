import { Card, Col, Row, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EnergyBoard } from '@sbuilding/shared';
import { formatKwh } from './format';

function range(r: { from: string; to: string }) {
  return r.from === r.to ? r.from : `${r.from} – ${r.to}`;
}

/** The change in words as well as an arrow: colour is never the only sign (WCAG 1.4.1). */
function useChangeWords(change: number | null) {
  const { t } = useTranslation();
  if (change === null) return { icon: null, words: t('energy.changeNone') };
  if (change > 0)
    return { icon: <ArrowUpOutlined aria-hidden />, words: t('energy.changeUp', { value: change }) };
  if (change < 0) {
    return {
      icon: <ArrowDownOutlined aria-hidden />,
      words: t('energy.changeDown', { value: Math.abs(change) }),
    };
  }
  return { icon: <MinusOutlined aria-hidden />, words: t('energy.changeSame') };
}

/** This period, the previous one and the change, as three cards. */
export function EnergyKpis({ board }: { board: EnergyBoard }) {
  const { t, i18n } = useTranslation();
  const { icon, words } = useChangeWords(board.changePercent);
  const kwh = (v: number) => formatKwh(v, i18n.language);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('energy.thisPeriod')} value={kwh(board.energy)} suffix="kWh" />
          <Typography.Text type="secondary">{range(board.current)}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('energy.previousPeriod')} value={kwh(board.previous)} suffix="kWh" />
          <Typography.Text type="secondary">{range(board.previousRange)}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic
            title={t('energy.change')}
            value={board.changePercent === null ? '—' : Math.abs(board.changePercent)}
            prefix={icon}
            suffix={board.changePercent === null ? undefined : '%'}
          />
          <Typography.Text type="secondary">{words}</Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
