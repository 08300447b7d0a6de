import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { OccupancyState, SpaceZone } from '@sbuilding/shared';
import { ScrollRegion } from '@/components/scroll-region';

/** Occupied is a solid blue-7 tag (white text keeps AA contrast); the others plain grey. Always the word. */
export function OccupancyTag({ state }: { state: OccupancyState }) {
  const { t } = useTranslation();
  const label = t(`space.states.${state}`);
  return state === 'occupied' ? (
    <Tag color="#0958d9" variant="solid">
      {label}
    </Tag>
  ) : (
    <Tag>{label}</Tag>
  );
}

export function formatShare(share: number | null, language: string): string {
  return share === null
    ? '—'
    : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** Every zone with PIR sensors: occupied or vacant now, its last presence, and its use over 7 days. */
export function OccupancyTable({ zones }: { zones: readonly SpaceZone[] }) {
  const { t, i18n } = useTranslation();
  const times = useProjectTime();
  return (
    <ScrollRegion label={t('space.zones')}>
      <Table<SpaceZone>
        size="small"
        rowKey="zoneId"
        pagination={false}
        dataSource={[...zones]}
        columns={[
          { title: t('space.zone'), dataIndex: 'zoneName' },
          { title: t('space.place'), key: 'place', render: (_, z) => `${z.buildingName} / ${z.floorName}` },
          { title: t('space.now'), key: 'state', render: (_, z) => <OccupancyTag state={z.state} /> },
          {
            title: times.titled(t('space.lastPresence')),
            key: 'lastPresence',
            render: (_, z) =>
              z.lastPresence === null ? '—' : times.format(z.lastPresence, 'dateTimeMinutes'),
          },
          {
            title: t('space.sensorsOnline'),
            key: 'sensors',
            render: (_, z) => `${z.sensorsOnline} / ${z.sensorIds.length}`,
          },
          {
            title: t('space.utilisation'),
            key: 'utilisation',
            render: (_, z) => formatShare(z.utilisation, i18n.language),
          },
        ]}
      />
    </ScrollRegion>
  );
}
