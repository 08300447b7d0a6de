import { Button, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportRowResult } from '@sbuilding/shared';

/** The rejected rows of a checked (or imported) file: line, model, name and every reason. */
export function RejectedRows({ rows }: { rows: ImportRowResult[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ImportRowResult> = [
    { title: t('fields.line'), dataIndex: 'line', width: 72 },
    { title: t('fields.model'), dataIndex: 'model' },
    { title: t('fields.name'), dataIndex: 'name' },
    {
      title: t('devices.import.errors'),
      key: 'errors',
      render: (_, row) => (
        <ul className="sb-plain-list">
          {row.errors.map((e, i) => (
            <li key={`${e.field}-${i}`}>
              {e.field ? `${t(`fields.${e.field}`, { defaultValue: e.field })}: ` : ''}
              {e.message}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <Table<ImportRowResult>
      rowKey="line"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      aria-label={t('devices.import.rejectedCaption')}
      caption={<span className="sb-visually-hidden">{t('devices.import.rejectedCaption')}</span>}
      locale={{ emptyText: <Empty description={t('devices.import.noRejected')} /> }}
    />
  );
}

/** The counts of a check. */
export function CheckCounts({ valid, invalid }: { valid: number; invalid: number }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph role="status">
      {t('devices.import.counts', { valid, invalid })}
    </Typography.Paragraph>
  );
}

export function DownloadReportButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Button onClick={onClick} loading={loading}>
      {t('devices.import.downloadReport')}
    </Button>
  );
}
