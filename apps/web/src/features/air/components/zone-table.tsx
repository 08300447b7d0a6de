import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AIR_READINGS, type AirReading, type AirZone } from '@sbuilding/shared';
import { AirValueCell, BandTag } from './air-format';
import { ScrollRegion } from '@/components/scroll-region';

/**
 * Every zone with its sensors' means and the worst band; a zone without a sensor says 'Air device not found'
 * across the reading columns.
 */
export function ZoneTable({ zones }: { zones: readonly AirZone[] }) {
  const { t } = useTranslation();
  const noSensor = (z: AirZone) => z.sensorIds.length === 0;
  const reading = (key: AirReading, first: boolean) => ({
    title: t(`air.readings.${key}`),
    key,
    onCell: (z: AirZone) => (noSensor(z) ? { colSpan: first ? AIR_READINGS.length + 1 : 0 } : {}),
    render: (_: unknown, z: AirZone) =>
      noSensor(z) ? (
        first ? (
          <Typography.Text type="secondary">{t('air.notFound')}</Typography.Text>
        ) : null
      ) : (
        <AirValueCell value={z.values[key].value} band={z.values[key].band} reading={key} />
      ),
  });
  return (
    <ScrollRegion label={t('air.zones')}>
      <Table<AirZone>
        size="small"
        rowKey="zoneId"
        pagination={false}
        dataSource={[...zones]}
        columns={[
          { title: t('air.zone'), dataIndex: 'zoneName' },
          {
            title: t('air.place'),
            key: 'place',
            render: (_, z) => `${z.buildingName} / ${z.floorName}`,
          },
          { title: t('air.sensors'), key: 'sensors', render: (_, z) => z.sensorIds.length },
          ...AIR_READINGS.map((key, i) => reading(key, i === 0)),
          {
            title: t('air.band'),
            key: 'band',
            onCell: (z: AirZone) => (noSensor(z) ? { colSpan: 0 } : {}),
            render: (_, z) => (z.band === null ? '—' : <BandTag band={z.band} />),
          },
        ]}
      />
    </ScrollRegion>
  );
}
