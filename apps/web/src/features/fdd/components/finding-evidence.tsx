import { Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FddEvidence } from '@sbuilding/shared';
import { useKeyLabel } from '@/lib/key-label';
import { useProjectTime } from '@/lib/time';
import type { FddFormat } from './fdd-format';

interface ReadingRow {
  key: string;
  value: FddEvidence['readings'][string];
}

/**
 * What made the finding, as the rule read it the last time it held: the device's readings (named by the
 * shared catalogue), since when the room has been empty, whether it was working hours, what the series rules
 * compared with (the hour judged and its usual consumption, the room's other readings, the starts of the last
 * hour, the counter's step), the limit, and the draw the fault adds now.
 */
export function FindingEvidence({ evidence, format }: { evidence: FddEvidence; format: FddFormat }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const keyLabel = useKeyLabel();
  const rows: ReadingRow[] = Object.entries(evidence.readings).map(([key, value]) => ({ key, value }));
  const valueText = (value: ReadingRow['value']) =>
    value === null
      ? '-'
      : typeof value === 'boolean'
        ? t(value ? 'fdd.evidence.yes' : 'fdd.evidence.no')
        : String(value);
  return (
    <>
      {rows.length > 0 && (
        <Table<ReadingRow>
          rowKey="key"
          size="small"
          aria-label={t('fdd.evidence.readings')}
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('fdd.evidence.reading'), dataIndex: 'key', render: (_, r) => keyLabel(r.key) },
            { title: t('fdd.evidence.value'), dataIndex: 'value', render: (_, r) => valueText(r.value) },
          ]}
        />
      )}
      <Descriptions column={1} size="small" bordered>
        {evidence.vacantSince && (
          <Descriptions.Item label={times.titled(t('fdd.evidence.vacantSince'))}>
            {format.time(evidence.vacantSince)}
          </Descriptions.Item>
        )}
        {evidence.workHours !== null && evidence.workHours !== undefined && (
          <Descriptions.Item label={t('fdd.evidence.workHours')}>
            {t(evidence.workHours ? 'fdd.evidence.yes' : 'fdd.evidence.no')}
          </Descriptions.Item>
        )}
        {evidence.hour && (
          <Descriptions.Item label={times.titled(t('fdd.evidence.hour'))}>
            {format.time(evidence.hour)}
          </Descriptions.Item>
        )}
        {evidence.hourKwh !== undefined && (
          <Descriptions.Item label={t('fdd.evidence.hourKwh')}>
            {format.kwh(evidence.hourKwh)}
          </Descriptions.Item>
        )}
        {evidence.baseline !== undefined && (
          <Descriptions.Item
            label={t(evidence.hour ? 'fdd.evidence.baselineKwh' : 'fdd.evidence.baselineReading')}
          >
            {evidence.hour ? format.kwh(evidence.baseline) : format.number(evidence.baseline)}
          </Descriptions.Item>
        )}
        {evidence.starts !== undefined && (
          <Descriptions.Item label={t('fdd.evidence.starts')}>{evidence.starts}</Descriptions.Item>
        )}
        {evidence.jump && (
          <Descriptions.Item label={t('fdd.evidence.jump')}>
            {t('fdd.evidence.jumpText', {
              key: keyLabel(evidence.jump.key),
              from: format.number(evidence.jump.from),
              to: format.number(evidence.jump.to),
              time: format.time(evidence.jump.at),
            })}
          </Descriptions.Item>
        )}
        {evidence.limit && (
          <Descriptions.Item label={t('fdd.evidence.limit')}>{evidence.limit}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('fdd.evidence.wasteWatts')}>
          {format.watts(evidence.wasteWatts)}
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
