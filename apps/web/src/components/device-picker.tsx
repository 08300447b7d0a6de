import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Flex, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_CATEGORIES,
  deviceSchema,
  pageSchema,
  type Device,
  type DeviceCategory,
  type DeviceListBody,
} from '@sbuilding/shared';
import { post } from '@/lib/request';
import { DeviceCategoryLabel } from './device-category';
import { FIRST_PAGE, ListPagination, type PageState } from './list-pagination';
import { BuildingSelect, FloorSelect } from './location-select';

export function listPickerDevices(filter: DeviceListBody) {
  return post('/sbuilding/device/getList', filter, { schema: pageSchema(deviceSchema) });
}

/** Under the devices prefix, so a device edit anywhere refreshes the picker. */
export function pickerDevicesQuery(filter: DeviceListBody) {
  return queryOptions({
    queryKey: ['devices', 'picker', filter],
    queryFn: () => listPickerDevices(filter),
    placeholderData: keepPreviousData,
  });
}

/** Online state as a dot and a word: never colour alone. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={online ? t('devicePicker.online') : t('devicePicker.offline')}
    />
  );
}

export interface DevicePickerProps {
  projectId: number;
  /** Checkboxes (groups) or radio buttons (a mark's binding). */
  multiple: boolean;
  selectedIds: readonly number[];
  /** The rows ticked (selected) or unticked; in single mode the one row chosen. */
  onChange: (rows: Device[], selected: boolean) => void;
  /** Only this building's devices (a mark binds to a device of its building). */
  buildingId?: number;
  /** The table's accessible name. */
  caption: string;
}

interface Filters {
  buildingId: number | null;
  floorId: number | null;
  category: DeviceCategory | null;
  name: string;
}

/**
 * The project's devices as a selectable table: filters by building, floor, category and name, paged,
 * with each device's category, name, position, floor and online state.
 */
export function DevicePicker({
  projectId,
  multiple,
  selectedIds,
  onChange,
  buildingId,
  caption,
}: DevicePickerProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({
    buildingId: buildingId ?? null,
    floorId: null,
    category: null,
    name: '',
  });
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [nameDraft, setNameDraft] = useState('');
  const devices = useQuery(
    pickerDevicesQuery({
      projectId,
      buildingId: buildingId ?? filters.buildingId,
      floorId: filters.floorId,
      category: filters.category ?? undefined,
      name: filters.name || undefined,
      ...paging,
    }),
  );
  const rows = devices.data?.rows ?? [];
  const update = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };

  const columns: TableColumnsType<Device> = [
    { title: t('fields.name'), dataIndex: 'name' },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      render: (_, device) => <DeviceCategoryLabel category={device.category} />,
    },
    { title: t('fields.position'), dataIndex: 'position', render: (_, d) => d.position || '-' },
    { title: t('fields.floor'), dataIndex: 'floorName', render: (_, d) => d.floorName ?? '-' },
    { title: t('fields.online'), dataIndex: 'online', render: (_, d) => <OnlineBadge online={d.online} /> },
  ];

  return (
    <Flex vertical gap="small" className="sb-device-picker">
      <Space wrap role="search" aria-label={t('devicePicker.filters')}>
        {buildingId === undefined ? (
          <BuildingSelect
            projectId={projectId}
            label={t('fields.building')}
            allowClear
            value={filters.buildingId}
            onChange={(id) => update({ buildingId: id, floorId: null })}
          />
        ) : null}
        <FloorSelect
          buildingId={buildingId ?? filters.buildingId}
          label={t('fields.floor')}
          allowClear
          value={filters.floorId}
          onChange={(id) => update({ floorId: id })}
        />
        <Select<DeviceCategory>
          aria-label={t('fields.category')}
          placeholder={t('devicePicker.anyCategory')}
          allowClear
          style={{ minWidth: 180 }}
          value={filters.category ?? undefined}
          onChange={(category) => update({ category: category ?? null })}
          options={DEVICE_CATEGORIES.map((c) => ({ value: c, label: t(`catalogue.categories.${c}`) }))}
        />
        <Input
          aria-label={t('devicePicker.name')}
          placeholder={t('devicePicker.name')}
          allowClear
          value={nameDraft}
          onChange={(e) => {
            setNameDraft(e.target.value);
            if (!e.target.value) update({ name: '' });
          }}
          onPressEnter={(e) => {
            // The picker sits inside forms (a group's): Enter searches, it does not submit the form.
            e.preventDefault();
            update({ name: nameDraft.trim() });
          }}
          style={{ width: 180 }}
        />
        <Button onClick={() => update({ name: nameDraft.trim() })}>{t('devicePicker.search')}</Button>
      </Space>
      <Table<Device>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={devices.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        caption={<span className="sb-visually-hidden">{caption}</span>}
        locale={{ emptyText: <Empty description={t('devicePicker.empty')} /> }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...selectedIds],
          preserveSelectedRowKeys: true,
          getTitleCheckboxProps: () => ({ 'aria-label': t('devicePicker.selectPage') }),
          getCheckboxProps: (device) => ({
            'aria-label': t('devicePicker.selectDevice', { name: device.name }),
          }),
          onSelect: (device, selected) => onChange([device], selected),
          onSelectAll: (selected, _rows, changed) =>
            onChange(
              changed.filter((d): d is Device => d !== undefined),
              selected,
            ),
        }}
      />
      <ListPagination total={devices.data?.total ?? 0} page={paging} onChange={setPaging} />
    </Flex>
  );
}
