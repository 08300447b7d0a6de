import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { AIR_READINGS, type AirSensor } from '@sbuilding/shared';
import { AirValueCell } from './air-format';
import { ScrollRegion } from '@/components/scroll-region';

/** Every air and temperature sensor with its latest values, each with its band in words. */
export function SensorTable({ sensors }: { sensors: readonly AirSensor[] }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  return (
    <ScrollRegion label={t('air.sensorsTitle')}>
      <Table<AirSensor>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...sensors]}
        columns={[
          { title: t('air.sensor'), dataIndex: 'name' },
          {
            title: t('air.place'),
            key: 'place',
            render: (_, s) => [s.buildingName, s.floorName, s.zoneName].filter((p) => p !== null).join(' / '),
          },
          {
            title: t('air.online'),
            key: 'online',
            render: (_, s) =>
              s.online ? (
                <Tag color="#237804" variant="solid">
                  {t('air.onlineYes')}
                </Tag>
              ) : (
                <Tag>{t('air.onlineNo')}</Tag>
              ),
          },
          ...AIR_READINGS.map((key) => ({
            title: t(`air.readings.${key}`),
            key,
            render: (_: unknown, s: AirSensor) => (
              <AirValueCell value={s.values[key].value} band={s.values[key].band} reading={key} />
            ),
          })),
          {
            title: times.titled(t('air.lastReport')),
            key: 'lastReport',
            render: (_, s) => (s.lastReport === null ? '—' : times.format(s.lastReport, 'dateTimeMinutes')),
          },
        ]}
      />
    </ScrollRegion>
  );
}
