import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@sbuilding/shared';
import { formatNumber } from './format';

interface KpiProps {
  title: string;
  /** Null: no figure (shown as a dash). */
  value: string | number | null;
  suffix?: string;
  detail: string;
}

function Kpi({ title, value, suffix, detail }: KpiProps) {
  return (
    <Col role="listitem" xs={24} sm={12} lg={8} xxl={4}>
      <Card className="sb-overview-kpi">
        <Statistic title={title} value={value ?? '—'} suffix={suffix} />
        <Typography.Text type="secondary">{detail}</Typography.Text>
      </Card>
    </Col>
  );
}

/** The project's figures at a glance: devices, energy today, open alerts, CO2, lights on, ACs running. */
export function OverviewKpis({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation();
  const { devices, energy, alerts, air, lights, acs } = overview;
  const kwh = (v: number) => formatNumber(v, i18n.language);
  // The change in words (never colour alone), against yesterday up to the same moment (which it names).
  const change = energy.changePercent;
  let changeText: string;
  if (change === null) changeText = t('overview.kpi.energyChangeNone');
  else if (change > 0) changeText = t('overview.kpi.energyChangeUp', { value: change });
  else if (change < 0) changeText = t('overview.kpi.energyChangeDown', { value: Math.abs(change) });
  else changeText = t('overview.kpi.energyChangeSame');
  return (
    <Row gutter={[16, 16]} role="list" aria-label={t('overview.kpi.title')}>
      <Kpi
        title={t('overview.kpi.devicesOnline')}
        value={devices.online}
        suffix={`/ ${devices.total}`}
        detail={t('overview.kpi.devicesOffline', { count: devices.offline })}
      />
      <Kpi
        title={t('overview.kpi.energyToday')}
        value={kwh(energy.today)}
        suffix="kWh"
        detail={`${changeText} (${t('overview.kpi.yesterdaySameTime', { value: kwh(energy.yesterdaySameTime), time: energy.yesterdayUntil })})`}
      />
      <Kpi
        title={t('overview.kpi.openAlerts')}
        value={alerts.total}
        detail={t('overview.kpi.alertLevels', {
          urgent: alerts.urgent,
          secondary: alerts.secondary,
          general: alerts.general,
        })}
      />
      <Kpi
        title={t('overview.kpi.co2')}
        value={air.co2Average === null ? null : formatNumber(air.co2Average, i18n.language, 0)}
        suffix={air.co2Average === null ? undefined : 'ppm'}
        detail={
          air.co2Max === null
            ? t('overview.kpi.co2None', { sensors: air.sensors })
            : t('overview.kpi.co2Detail', { max: air.co2Max, reporting: air.reporting, sensors: air.sensors })
        }
      />
      <Kpi
        title={t('overview.kpi.lightsOn')}
        value={lights.on}
        suffix={`/ ${lights.total}`}
        detail={t('overview.kpi.lightsDetail', { count: lights.total })}
      />
      <Kpi
        title={t('overview.kpi.acsRunning')}
        value={acs.running}
        suffix={`/ ${acs.total}`}
        detail={t('overview.kpi.acsDetail', { count: acs.total })}
      />
    </Row>
  );
}
