import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorSchema, pageSchema, type FloorListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const floorPageSchema = pageSchema(floorSchema);

/** A building has a handful of floors: one page of this size shows them all. */
export const FLOORS_PAGE_SIZE = 100;

export function listFloors(filter: FloorListBody) {
  return post('/sbuilding/floor/getList', filter, { schema: floorPageSchema });
}

export const floorsKey = ['floors', 'list'] as const;

export function floorsQueryOptions(buildingId: number) {
  const filter = { buildingId, pageNum: 1, pageSize: FLOORS_PAGE_SIZE };
  return queryOptions({ queryKey: [...floorsKey, filter], queryFn: () => listFloors(filter) });
}

export function useFloors(buildingId: number | null) {
  return useQuery({ ...floorsQueryOptions(buildingId ?? 0), enabled: buildingId !== null });
}
