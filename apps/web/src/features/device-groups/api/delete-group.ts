import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '@/lib/request';
import { groupsKey } from './list-groups';

export function deleteGroup(id: number) {
  return del<unknown>(`/sbuilding/group/del/${id}`);
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsKey }),
  });
}
