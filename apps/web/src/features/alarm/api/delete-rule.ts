import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { rulesKey } from './list-rules';

export function deleteRule(id: number) {
  return del(`/sbuilding/alert/rule/${id}`, { schema: z.unknown() });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}
