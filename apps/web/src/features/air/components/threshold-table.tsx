import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { AIR_READINGS, type AirReading, type AirThresholds } from '@sbuilding/shared';
import { BandTag, useRangeWords } from './air-format';

/** The bands in force (system configuration), so the page shows what Good, Moderate and Unhealthy mean. */
export function ThresholdTable({ thresholds }: { thresholds: AirThresholds }) {
  const { t } = useTranslation();
  const words = useRangeWords();
  return (
    <Table<{ key: AirReading }>
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={AIR_READINGS.map((key) => ({ key }))}
      columns={[
        { title: t('air.reading'), dataIndex: 'key', render: (key: AirReading) => t(`air.readings.${key}`) },
        {
          title: <BandTag band="Good" />,
          key: 'good',
          render: (_, { key }) => words.inside(thresholds[key].good, key),
        },
        {
          title: <BandTag band="Moderate" />,
          key: 'moderate',
          render: (_, { key }) => words.inside(thresholds[key].moderate, key),
        },
        {
          title: <BandTag band="Unhealthy" />,
          key: 'unhealthy',
          render: (_, { key }) => words.outside(thresholds[key], key),
        },
      ]}
    />
  );
}
