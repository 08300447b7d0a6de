import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceGroupSchema, type GroupSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { groupsKey } from './list-groups';

export function saveGroup({ id, body }: { id: number; body: GroupSaveBody }) {
  return post(`/sbuilding/group/save/${id}`, body, { schema: deviceGroupSchema });
}

/** A stale copy answers 409 (shown by the request client); the group reloads either way. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsKey }),
  });
}
