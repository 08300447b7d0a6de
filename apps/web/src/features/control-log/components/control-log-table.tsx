import { Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DisconnectOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { CommandResult, ControlLogEntry } from '@sbuilding/shared';
import { ResultIcon } from '@/components/result-icon';
import { useParamsText } from '@/lib/params-text';

/** Each result has its own icon next to its word: never colour alone. */
const RESULT_ICONS: Record<CommandResult, ReactNode> = {
  success: <ResultIcon icon={CheckCircleOutlined} />,
  failed: <ResultIcon icon={CloseCircleOutlined} failed />,
  unreachable: <ResultIcon icon={DisconnectOutlined} failed />,
  timeout: <ResultIcon icon={ClockCircleOutlined} failed />,
  refused: <ResultIcon icon={StopOutlined} failed />,
};

export interface ControlLogTableProps {
  rows: ControlLogEntry[];
  loading: boolean;
}

/** The log's entries, newest first as the server sends them. */
export function ControlLogTable({ rows, loading }: ControlLogTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const paramsText = useParamsText();
  const paramsOrDash = (params: Record<string, unknown>) => paramsText(params) || '-';
  const columns: ColumnsType<ControlLogEntry> = [
    {
      title: times.titled(t('controlLog.columns.time')),
      dataIndex: 'time',
      render: (_, e) => times.format(e.time),
    },
    {
      title: t('controlLog.columns.user'),
      dataIndex: 'userName',
      // No user: the change was made at the device (its buttons, a panel, a sensor).
      render: (_, e) => e.userName || <Typography.Text italic>{t('controlLog.theDevice')}</Typography.Text>,
    },
    {
      title: t('controlLog.columns.terminal'),
      dataIndex: 'terminal',
      render: (_, e) => t(`controlLog.terminals.${e.terminal}`),
    },
    {
      title: t('controlLog.columns.device'),
      dataIndex: 'deviceName',
      render: (_, e) => (
        <Space orientation="vertical" size={0}>
          <span>{e.deviceName || '-'}</span>
          {e.model ? (
            <Typography.Text type="secondary">{t(`catalogue.models.${e.model}`)}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: t('controlLog.columns.group'), dataIndex: 'groupName', render: (_, e) => e.groupName ?? '-' },
    {
      title: t('controlLog.columns.command'),
      dataIndex: 'method',
      render: (_, e) => t(`controlLog.methods.${e.method}`, { defaultValue: e.method }),
    },
    { title: t('controlLog.columns.params'), dataIndex: 'params', render: (_, e) => paramsOrDash(e.params) },
    {
      title: t('controlLog.columns.result'),
      dataIndex: 'result',
      render: (_, e) => (
        <Space size={4}>
          {RESULT_ICONS[e.result]}
          <span>{t(`controlLog.results.${e.result}`)}</span>
        </Space>
      ),
    },
    {
      title: t('controlLog.columns.latency'),
      dataIndex: 'latencyMs',
      align: 'right',
      render: (_, e) => e.latencyMs ?? '-',
    },
  ];
  return (
    <Table<ControlLogEntry>
      rowKey="id"
      aria-label={t('controlLog.tableCaption')}
      caption={<span className="sb-visually-hidden">{t('controlLog.tableCaption')}</span>}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('controlLog.empty')} /> }}
    />
  );
}
