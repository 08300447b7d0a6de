import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceGroupSchema, type GroupCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { groupsKey } from './list-groups';

export function createGroup(body: GroupCreateBody) {
  return put('/sbuilding/group/create', body, { schema: deviceGroupSchema });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey }),
  });
}
