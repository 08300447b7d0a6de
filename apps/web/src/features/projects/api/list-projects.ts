import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, projectSchema, type Project, type ProjectListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const projectPageSchema = pageSchema(projectSchema);

export function listProjects(body: ProjectListBody): Promise<{ rows: Project[]; total: number }> {
  return post('/sbuilding/project/getList', body, { schema: projectPageSchema });
}

/** Every project list query (the page's, the guide's) starts with this key. */
export const projectsQueryKey = ['projects', 'list'] as const;

export function projectsQueryOptions(body: ProjectListBody) {
  return queryOptions({
    queryKey: [...projectsQueryKey, body],
    queryFn: () => listProjects(body),
    placeholderData: keepPreviousData,
  });
}

export function useProjects(body: ProjectListBody) {
  return useQuery(projectsQueryOptions(body));
}
