import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverviewBuilding } from '@sbuilding/shared';
import { BAND_COLOURS, onlineShare, shareBand } from './format';

/** Buildings as a table: where the map cannot place them, and as the map's figures for anyone not seeing it. */
export function BuildingList({
  buildings,
  caption,
}: {
  buildings: readonly OverviewBuilding[];
  caption: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<OverviewBuilding>
      rowKey="id"
      size="small"
      pagination={false}
      aria-label={caption}
      caption={<span className="sb-visually-hidden">{caption}</span>}
      dataSource={[...buildings]}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('overview.list.building'), dataIndex: 'name', key: 'name' },
        { title: t('overview.list.address'), dataIndex: 'address', key: 'address' },
        {
          title: t('overview.list.online'),
          key: 'online',
          align: 'right',
          render: (_, b) => b.devices.online,
        },
        {
          title: t('overview.list.offline'),
          key: 'offline',
          align: 'right',
          render: (_, b) => b.devices.offline,
        },
        {
          title: t('overview.list.share'),
          key: 'share',
          align: 'right',
          render: (_, b) => {
            const share = onlineShare(b.devices);
            return (
              // The pin's colour as a dot beside the figure (coloured text would fail contrast).
              <span>
                <span className="sb-overview-dot" style={{ background: BAND_COLOURS[shareBand(share)] }} />
                {share === null ? t('overview.list.noDevices') : `${share}%`}
              </span>
            );
          },
        },
      ]}
    />
  );
}
