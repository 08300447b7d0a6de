import { Empty, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Device } from '@sbuilding/shared';
import { useAcDevices } from '../api/list-ac-devices';
import { OnlineText, propText } from './device-cells';

/** Most indoor units one AC gateway's bus addresses (0-255). */
const UNITS_PAGE = { pageNum: 1, pageSize: 256 } as const;

/** The AC units (ac20) behind one gateway, and a link to add another. */
export function AcUnits({ gateway, projectId }: { gateway: Device; projectId: number }) {
  const { t } = useTranslation();
  const units = useAcDevices({ projectId, parentId: gateway.id, model: 'ac20', ...UNITS_PAGE });
  const columns: TableColumnsType<Device> = [
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.indoorAddr'), key: 'indoorAddr', render: (_, d) => propText(d, 'indoorAddr') },
    { title: t('fields.outdoorAddr'), key: 'outdoorAddr', render: (_, d) => propText(d, 'outdoorAddr') },
    { title: t('fields.label'), key: 'label', render: (_, d) => propText(d, 'label') },
    { title: t('fields.position'), dataIndex: 'position', render: (_, d) => d.position || '-' },
    { title: t('fields.online'), dataIndex: 'online', render: (_, d) => <OnlineText online={d.online} /> },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table<Device>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={units.data?.rows ?? []}
        loading={units.isFetching}
        pagination={false}
        aria-label={t('acGateways.unitsOf', { name: gateway.name })}
        locale={{ emptyText: <Empty description={t('acGateways.noUnits')} /> }}
      />
      <Link to={`/device/add?model=ac20&gatewayId=${gateway.id}`}>
        {t('acGateways.addUnit', { name: gateway.name })}
      </Link>
    </Space>
  );
}
