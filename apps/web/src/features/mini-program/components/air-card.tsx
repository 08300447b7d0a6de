import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AIR_READINGS, formatAirValue, type WxAir } from '@sbuilding/shared';
import { AirBand } from './air-band';

/**
 * The building's air now: its band and the readings that made it so ('Moderate · CO2'), then each reading
 * with its own band, rounded as the air board rounds them (a tenth of a degree, not '17.683 °C').
 */
export function AirCard({ air }: { air: WxAir }) {
  const { t, i18n } = useTranslation();
  const causes =
    air.band && air.band !== 'Good'
      ? AIR_READINGS.filter((key) => air.values[key].band === air.band).map((key) =>
          t(`wxProgram.readings.${key}`),
        )
      : [];
  return (
    <section className="wx-card" aria-labelledby="wx-air-title">
      <div className="wx-room-head">
        <Typography.Title level={2} id="wx-air-title" className="wx-card-title">
          {t('wxProgram.airNow')}
        </Typography.Title>
        {air.sensors > 0 && (
          <span className="wx-air-band">
            <AirBand band={air.band} />
            {causes.length > 0 && (
              <span className="wx-air-cause">
                {t('wxProgram.bandCause', { readings: causes.join(', ') })}
              </span>
            )}
          </span>
        )}
      </div>
      {air.sensors === 0 ? (
        <Typography.Text type="secondary">{t('wxProgram.noAir')}</Typography.Text>
      ) : (
        <dl className="wx-readings">
          {AIR_READINGS.map((key) => {
            const { value, band } = air.values[key];
            return (
              <div key={key} className="wx-reading">
                <dt>{t(`wxProgram.readings.${key}`)}</dt>
                <dd>
                  {value === null ? '-' : formatAirValue(value, key, i18n.language)}
                  {value !== null && band !== null && <AirBand band={band} compact />}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
