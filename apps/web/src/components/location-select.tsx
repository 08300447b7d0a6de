import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildingSchema, floorSchema, pageSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/*
 * Building and floor choosers for screens outside the buildings feature (device marks, mesh versions,
 * the device picker). The query keys are the buildings feature's (['buildings','list',...] and
 * ['floors','list',...]), so its edits refresh these lists too.
 */

/** Projects have a handful of buildings and buildings a handful of floors: one page holds them all. */
const ALL = { pageNum: 1, pageSize: 100 } as const;

export function buildingOptionsQuery(projectId: number) {
  const filter = { projectId, ...ALL };
  return queryOptions({
    queryKey: ['buildings', 'list', filter],
    queryFn: () => post('/sbuilding/hall/getList', filter, { schema: pageSchema(buildingSchema) }),
  });
}

export function useProjectBuildings(projectId: number | null) {
  return useQuery({ ...buildingOptionsQuery(projectId ?? 0), enabled: projectId !== null });
}

export function floorOptionsQuery(buildingId: number) {
  const filter = { buildingId, ...ALL };
  return queryOptions({
    queryKey: ['floors', 'list', filter],
    queryFn: () => post('/sbuilding/floor/getList', filter, { schema: pageSchema(floorSchema) }),
  });
}

export function useBuildingFloors(buildingId: number | null) {
  return useQuery({ ...floorOptionsQuery(buildingId ?? 0), enabled: buildingId !== null });
}

interface ChooserProps {
  value: number | null;
  onChange: (id: number | null) => void;
  /** Accessible name (the visible label is the caller's, e.g. a Form.Item label). */
  label: string;
  allowClear?: boolean;
  id?: string;
}

/** The buildings of a project. */
export function BuildingSelect({ projectId, ...props }: ChooserProps & { projectId: number | null }) {
  const { t } = useTranslation();
  const buildings = useProjectBuildings(projectId);
  return (
    <Select<number>
      id={props.id}
      aria-label={props.label}
      allowClear={props.allowClear}
      style={{ minWidth: 200 }}
      placeholder={t('location.chooseBuilding')}
      loading={buildings.isLoading}
      value={props.value ?? undefined}
      onChange={(id) => props.onChange(id ?? null)}
      showSearch={{ optionFilterProp: 'label' }}
      options={(buildings.data?.rows ?? []).map((b) => ({ value: b.id, label: b.name }))}
    />
  );
}

/** The floors of a building, in their order. */
export function FloorSelect({ buildingId, ...props }: ChooserProps & { buildingId: number | null }) {
  const { t } = useTranslation();
  const floors = useBuildingFloors(buildingId);
  const rows = [...(floors.data?.rows ?? [])].sort((a, b) => a.sort - b.sort);
  return (
    <Select<number>
      id={props.id}
      aria-label={props.label}
      allowClear={props.allowClear}
      disabled={buildingId === null}
      style={{ minWidth: 180 }}
      placeholder={t('location.chooseFloor')}
      loading={floors.isLoading}
      value={props.value ?? undefined}
      onChange={(id) => props.onChange(id ?? null)}
      options={rows.map((f) => ({ value: f.id, label: f.mark ? `${f.mark} · ${f.name}` : f.name }))}
    />
  );
}
