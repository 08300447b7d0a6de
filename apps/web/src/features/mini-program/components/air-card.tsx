import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AIR_READINGS, AIR_UNITS, type WxAir } from '@sbuilding/shared';
import { AirBand } from './air-band';

/** The building's air now: its band, then each reading with its own band. */
export function AirCard({ air }: { air: WxAir }) {
  const { t } = useTranslation();
  return (
    <section className="wx-card" aria-labelledby="wx-air-title">
      <div className="wx-room-head">
        <Typography.Title level={2} id="wx-air-title" className="wx-card-title">
          {t('wxProgram.airNow')}
        </Typography.Title>
        {air.sensors > 0 && <AirBand band={air.band} />}
      </div>
      {air.sensors === 0 ? (
        <Typography.Text type="secondary">{t('wxProgram.noAir')}</Typography.Text>
      ) : (
        <dl className="wx-readings">
          {AIR_READINGS.map((key) => (
            <div key={key} className="wx-reading">
              <dt>{t(`wxProgram.readings.${key}`)}</dt>
              <dd>{air.values[key].value === null ? '-' : `${air.values[key].value} ${AIR_UNITS[key]}`}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
