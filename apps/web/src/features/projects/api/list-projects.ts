import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { pageSchema, projectSchema, type Project, type ProjectListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const projectPageSchema = pageSchema(projectSchema);

export function listProjects(body: ProjectListBody): Promise<{ rows: Project[]; total: number }> {
  return post('/sbuilding/project/getList', body, { schema: projectPageSchema });
}

/** Every project list query (the page's, the guide's) starts with this key. */
export const projectsQueryKey = ['projects', 'list'] as const;

/**
 * The navbar's project dropdown keeps its own query (app/layout/navbar/project-select.tsx, which a feature
 * cannot import); a created, renamed or deleted project must show there too.
 */
const NAVBAR_PROJECTS_KEY = ['navbar', 'projects'] as const;

export function invalidateProjectLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
    queryClient.invalidateQueries({ queryKey: NAVBAR_PROJECTS_KEY }),
  ]);
}

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
