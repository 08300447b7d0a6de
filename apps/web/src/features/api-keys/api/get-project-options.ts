import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, projectSchema, type PageResult, type Project } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** The projects a key may be limited to (spec §9: page 1, size 100). */
export function getProjectOptions(): Promise<PageResult<Project>> {
  return post(
    '/sbuilding/project/getList',
    { pageNum: 1, pageSize: 100 },
    { schema: pageSchema(projectSchema) },
  );
}

export const projectOptionsQueryOptions = queryOptions({
  queryKey: ['apiKeyProjectOptions'],
  queryFn: getProjectOptions,
});

export function useProjectOptions(enabled: boolean) {
  return useQuery({ ...projectOptionsQueryOptions, enabled });
}
