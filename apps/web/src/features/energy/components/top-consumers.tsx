import './energy.css';
import { Card, Empty, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyBoard, EnergyBoardCost } from '@sbuilding/shared';
import { formatCarbon, formatKwh, formatMoney } from './format';

/** The channels that used the most in the period, with their share of the total. */
export function TopConsumers({ board, cost }: { board: EnergyBoard; cost?: EnergyBoardCost | undefined }) {
  const { t, i18n } = useTranslation();
  const priced = new Map(cost?.channels.map((c) => [c.deviceId, c]));
  return (
    <Card title={t('energy.top')}>
      {board.top.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('boards.noData')} />
      ) : (
        <ol className="sb-energy-top">
          {board.top.map((c) => (
            <li key={c.deviceId}>
              <Typography.Text strong>{c.name}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {[c.buildingName, c.floorName].filter(Boolean).join(' / ')}
              </Typography.Text>
              <div>
                {t('energy.topValue', { energy: formatKwh(c.energy, i18n.language), share: c.share })}
                {cost && priced.has(c.deviceId) && (
                  <Typography.Text type="secondary">
                    {' · '}
                    {formatMoney(priced.get(c.deviceId)?.cost ?? 0, cost.currency, i18n.language)} ·{' '}
                    {formatCarbon(priced.get(c.deviceId)?.carbon ?? 0, i18n.language)}
                  </Typography.Text>
                )}
              </div>
              <Progress percent={c.share} showInfo={false} size="small" aria-hidden />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
