import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  SAVINGS_BASELINE_DAYS,
  SAVINGS_BASELINE_LOOKBACK_DAYS,
  type EnergyBoard,
  type EnergyBoardCost,
  type EnergySavings,
} from '@sbuilding/shared';
import { formatCarbon, formatKwh, formatMoney } from './format';

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

/**
 * This period, the previous one, the change and what automation saved (for the same period and building)
 * with its share of the consumption, as four cards.
 */
export function EnergyKpis({
  board,
  savings,
  cost,
}: {
  board: EnergyBoard;
  savings?: EnergySavings | undefined;
  cost?: EnergyBoardCost | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { icon, words } = useChangeWords(board.changePercent);
  const kwh = (v: number) => formatKwh(v, i18n.language);
  // Cost and carbon beside the kWh (issue 22): money in the plan's currency, kgCO2e.
  const priced = (money: number, carbon: number) =>
    cost ? (
      <Typography.Text data-testid="energy-cost">
        {t('energyBilling.cost')} {formatMoney(money, cost.currency, i18n.language)} ·{' '}
        {t('energyBilling.carbon')} {formatCarbon(carbon, i18n.language)}
      </Typography.Text>
    ) : null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic title={t('energy.thisPeriod')} value={kwh(board.energy)} suffix="kWh" />
          <Flex vertical>
            {priced(cost?.cost ?? 0, cost?.carbon ?? 0)}
            <Typography.Text type="secondary">{range(board.current)}</Typography.Text>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic title={t('energy.previousPeriod')} value={kwh(board.previous)} suffix="kWh" />
          <Flex vertical>
            {priced(cost?.previousCost ?? 0, cost?.previousCarbon ?? 0)}
            <Typography.Text type="secondary">{range(board.previousRange)}</Typography.Text>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic
            title={t('energy.change')}
            value={board.changePercent === null ? '—' : Math.abs(board.changePercent)}
            prefix={icon}
            suffix={board.changePercent === null ? undefined : '%'}
          />
          <Flex vertical>
            <Typography.Text type="secondary">{words}</Typography.Text>
            {board.comparedUntil && (
              // A period still running is compared with the previous one up to the same moment: say so.
              <Typography.Text type="secondary" data-testid="energy-compared-until">
                {t(`energy.comparedUntil.${board.period}`, board.comparedUntil)}
              </Typography.Text>
            )}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Card>
          <Statistic
            title={t('energy.savedByAutomation')}
            value={savings ? kwh(savings.kwh) : '—'}
            suffix={savings ? 'kWh' : undefined}
          />
          {savings && savings.kwh === 0 && (
            // A new campus: zero is right by the baseline rule, but say why and what comes (issue 34).
            <Typography.Text type="secondary" data-testid="energy-saved-none">
              {t('energy.savedNone', {
                days: SAVINGS_BASELINE_DAYS,
                lookback: SAVINGS_BASELINE_LOOKBACK_DAYS,
              })}
            </Typography.Text>
          )}
          {savings && savings.kwh !== 0 && (
            <Flex vertical>
              <Typography.Text type="secondary">
                {board.energy > 0
                  ? t('energy.savedShare', { share: Math.round((savings.kwh / board.energy) * 1000) / 10 })
                  : t('energy.savedShareNone')}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('energy.savedSplit', {
                  scenes: kwh(savings.scenesKwh),
                  naps: kwh(savings.noonNapsKwh),
                  ac: kwh(savings.acAutomationsKwh),
                })}
              </Typography.Text>
            </Flex>
          )}
        </Card>
      </Col>
    </Row>
  );
}
