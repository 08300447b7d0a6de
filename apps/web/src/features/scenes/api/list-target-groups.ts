import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceGroupSchema, pageSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** The project's device groups a scene may target; the device-groups feature's key, so its edits refresh it. */
export function targetGroupsQuery(projectId: number) {
  const filter = { projectId, pageNum: 1, pageSize: 500 };
  return queryOptions({
    queryKey: ['device-groups', 'list', filter],
    queryFn: () => post('/sbuilding/group/getList', filter, { schema: pageSchema(deviceGroupSchema) }),
  });
}

export function useTargetGroups(projectId: number) {
  return useQuery(targetGroupsQuery(projectId));
}
