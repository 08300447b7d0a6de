import { queryOptions, useQuery } from '@tanstack/react-query';
import { meshVersionDetailSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { meshKey } from './list-versions';

export function getMeshVersion(id: number) {
  return get(`/sbuilding/mesh/${id}`, { schema: meshVersionDetailSchema });
}

export function meshVersionQueryOptions(id: number) {
  return queryOptions({ queryKey: [...meshKey, 'one', id], queryFn: () => getMeshVersion(id) });
}

export function useMeshVersion(id: number | null) {
  return useQuery({ ...meshVersionQueryOptions(id ?? 0), enabled: id !== null });
}
