import { useState } from 'react';
import { App, Button, Descriptions, Empty, Image, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Building, Floor } from '@sbuilding/shared';
import { Tabs } from '@/components/tabs';
import { useDeleteFloor } from '../api/delete-floor';
import { useFloors } from '../api/list-floors';
import { FloorFormModal } from './floor-form-modal';
import { FloorZones } from './floor-zones';

type FloorForm = { floor: Floor | null } | null;

/** The floors of one building as tabs: each shows its details, its plan and its zones. */
export function FloorsPanel({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const floors = useFloors(building.id);
  const remove = useDeleteFloor();
  const [activeId, setActiveId] = useState<number | null>(null);
  const [formState, setFormState] = useState<FloorForm>(null);
  const rows = floors.data?.rows ?? [];
  const active = rows.find((f) => f.id === activeId) ?? rows[0] ?? null;
  const nextSort = rows.reduce((max, f) => Math.max(max, f.sort + 1), 0);

  const confirmDelete = (floor: Floor) => {
    modal.confirm({
      title: t('buildings.floor.deleteTitle'),
      content: t('buildings.floor.deleteConfirm', { name: floor.name }),
      okText: t('buildings.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // A floor with zones is refused (409) with the server's message, shown by the request client.
      onOk: () => remove.mutateAsync(floor.id).catch(() => undefined),
    });
  };

  const details = (floor: Floor) => (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={() => setFormState({ floor })}>{t('buildings.floor.edit')}</Button>
        <Button danger onClick={() => confirmDelete(floor)}>
          {t('buildings.floor.delete')}
        </Button>
      </Space>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('fields.mark')}>{floor.mark || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('buildings.floor.areaLabel')}>
          {floor.area === null ? '-' : t('buildings.floor.area', { area: floor.area })}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.sort')}>{floor.sort}</Descriptions.Item>
        <Descriptions.Item label={t('fields.tags')}>
          {floor.tags.length ? floor.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.imageId')}>
          {floor.imageUrl ? (
            <Image src={floor.imageUrl} width={96} alt={t('buildings.imageAlt', { name: floor.name })} />
          ) : (
            t('buildings.noImage')
          )}
        </Descriptions.Item>
      </Descriptions>
      <FloorZones key={floor.id} floor={floor} />
    </Space>
  );

  return (
    <section aria-labelledby="sb-floors-title" className="sb-floors">
      <Space wrap className="sb-toolbar" align="center">
        <Typography.Title level={2} id="sb-floors-title" style={{ margin: 0 }}>
          {t('buildings.floor.heading', { name: building.name })}
        </Typography.Title>
        <Button type="primary" onClick={() => setFormState({ floor: null })}>
          {t('buildings.floor.add')}
        </Button>
      </Space>
      {floors.isLoading ? (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('buildings.loading')}</span>
        </div>
      ) : rows.length === 0 ? (
        <Empty description={t('buildings.floor.empty')} />
      ) : (
        <Tabs
          activeKey={active ? String(active.id) : undefined}
          onChange={(key) => setActiveId(Number(key))}
          items={rows.map((floor) => ({
            key: String(floor.id),
            label: floor.mark ? `${floor.mark} · ${floor.name}` : floor.name,
            children: floor.id === active?.id ? details(floor) : null,
          }))}
        />
      )}
      <FloorFormModal
        open={formState !== null}
        buildingId={building.id}
        floor={formState?.floor ?? null}
        nextSort={nextSort}
        onClose={(saved) => {
          setFormState(null);
          if (saved) setActiveId(saved.id);
        }}
      />
    </section>
  );
}
