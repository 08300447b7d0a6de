import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Device } from '@sbuilding/shared';
import { AcUnits } from './ac-units';
import { OnlineText, propText } from './device-cells';

export interface GatewayTableProps {
  rows: Device[];
  loading: boolean;
  projectId: number;
}

/** The project's AC gateways; a row expands to the indoor units behind it. */
export function GatewayTable({ rows, loading, projectId }: GatewayTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Device> = [
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.gatewayAddr'), key: 'gatewayAddr', render: (_, d) => propText(d, 'gatewayAddr') },
    { title: t('acGateways.ip'), key: 'serverAddr', render: (_, d) => propText(d, 'serverAddr') },
    { title: t('fields.port'), key: 'port', render: (_, d) => propText(d, 'port') },
    { title: t('fields.label'), key: 'label', render: (_, d) => propText(d, 'label') },
    {
      title: t('acGateways.place'),
      key: 'place',
      render: (_, d) => [d.buildingName, d.floorName, d.zoneName].filter(Boolean).join(' / '),
    },
    { title: t('fields.online'), dataIndex: 'online', render: (_, d) => <OnlineText online={d.online} /> },
  ];
  return (
    <Table<Device>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      aria-label={t('acGateways.tableCaption')}
      caption={<span className="sb-visually-hidden">{t('acGateways.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('acGateways.empty')} /> }}
      expandable={{
        expandedRowRender: (gateway) => <AcUnits gateway={gateway} projectId={projectId} />,
        expandIcon: ({ expanded, onExpand, record }) => (
          <Button
            size="small"
            icon={expanded ? <MinusOutlined /> : <PlusOutlined />}
            aria-expanded={expanded}
            aria-label={t(expanded ? 'acGateways.collapse' : 'acGateways.expand', { name: record.name })}
            onClick={(e) => onExpand(record, e)}
          />
        ),
      }}
    />
  );
}
