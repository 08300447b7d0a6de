import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WxEnergy } from '@sbuilding/shared';

const kwh = (value: number) => value.toFixed(1);

/** Today's consumption against yesterday at this time, and this month's. */
export function EnergyCard({ energy }: { energy: WxEnergy }) {
  const { t } = useTranslation();
  const change = energy.changePercent;
  return (
    <section className="wx-card" aria-labelledby="wx-energy-title">
      <Typography.Title level={2} id="wx-energy-title" className="wx-card-title">
        {t('wxProgram.energyToday')}
      </Typography.Title>
      {!energy.metered ? (
        <Typography.Text type="secondary">{t('wxProgram.noMeter')}</Typography.Text>
      ) : (
        <>
          <p className="wx-big-number">
            {kwh(energy.today)} <span className="wx-unit">kWh</span>
          </p>
          <Typography.Text className="wx-change">
            {change === null
              ? t('wxProgram.noYesterday')
              : change === 0
                ? t('wxProgram.sameAsYesterday')
                : t(change < 0 ? 'wxProgram.lessThanYesterday' : 'wxProgram.moreThanYesterday', {
                    percent: Math.abs(change),
                  })}
          </Typography.Text>
          <dl className="wx-readings">
            <div className="wx-reading">
              <dt>{t('wxProgram.yesterdayByNow')}</dt>
              <dd>{kwh(energy.yesterdaySameTime)} kWh</dd>
            </div>
            <div className="wx-reading">
              <dt>{t('wxProgram.thisMonth')}</dt>
              <dd>{kwh(energy.month)} kWh</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
