import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { meshVersionSchema, pageSchema, type MeshListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

export function listMeshVersions(filter: MeshListBody) {
  return post('/sbuilding/mesh/getList', filter, { schema: pageSchema(meshVersionSchema) });
}

/** Every mesh query (lists and details) starts with this key; a description save invalidates it. */
export const meshKey = ['mesh'] as const;

export function meshVersionsQueryOptions(filter: MeshListBody) {
  return queryOptions({
    queryKey: [...meshKey, 'list', filter],
    queryFn: () => listMeshVersions(filter),
    placeholderData: keepPreviousData,
  });
}

export function useMeshVersions(filter: MeshListBody, enabled: boolean) {
  return useQuery({ ...meshVersionsQueryOptions(filter), enabled });
}
