import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meshVersionDetailSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { meshKey } from './list-versions';

export function saveMeshVersion({ id, description }: { id: number; description: string }) {
  return post(`/sbuilding/mesh/save/${id}`, { description }, { schema: meshVersionDetailSchema });
}

export function useSaveMeshVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMeshVersion,
    onSettled: () => queryClient.invalidateQueries({ queryKey: meshKey }),
  });
}
