import { Button, Empty, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FddFinding } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';
import type { FddFormat } from './fdd-format';
import { CheckingTag, placeOf, StatusTag } from './fdd-labels';

export interface FindingTableProps {
  rows: FddFinding[];
  loading: boolean;
  format: FddFormat;
  onDetail: (finding: FddFinding) => void;
}

/** The findings of the filter, costliest per day first as the server sends them. */
export function FindingTable({ rows, loading, format, onDetail }: FindingTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const ruleName = (f: FddFinding) => t(`fdd.rules.${f.rule}.name`);
  const columns: ColumnsType<FddFinding> = [
    { title: t('fdd.columns.rule'), dataIndex: 'rule', render: (_, f) => ruleName(f) },
    { title: t('fdd.columns.device'), dataIndex: 'deviceName' },
    { title: t('fdd.columns.place'), key: 'place', render: (_, f) => placeOf(f) || '-' },
    {
      title: t('fdd.columns.status'),
      dataIndex: 'status',
      render: (_, f) => (
        <Flex gap={4} wrap>
          <StatusTag status={f.status} />
          <CheckingTag finding={f} />
        </Flex>
      ),
    },
    {
      title: times.titled(t('fdd.columns.firstSeen')),
      dataIndex: 'firstSeen',
      render: (_, f) => format.time(f.firstSeen),
    },
    {
      title: times.titled(t('fdd.columns.lastSeen')),
      dataIndex: 'lastSeen',
      render: (_, f) => format.time(f.lastSeen),
    },
    {
      title: t('fdd.columns.perDay'),
      key: 'perDay',
      align: 'right',
      render: (_, f) => `${format.kwh(f.wasteKwhPerDay)} · ${format.money(f.wasteCostPerDay)}`,
    },
    {
      title: t('fdd.columns.soFar'),
      dataIndex: 'wasteCost',
      align: 'right',
      render: (_, f) => format.money(f.wasteCost),
    },
    {
      title: t('fdd.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, f) => (
        <Button
          type="link"
          size="small"
          aria-label={t('fdd.detailOf', { rule: ruleName(f), device: f.deviceName })}
          onClick={() => onDetail(f)}
        >
          {t('fdd.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Table<FddFinding>
      rowKey="id"
      aria-label={t('fdd.tableLabel')}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fdd.empty')} /> }}
    />
  );
}
