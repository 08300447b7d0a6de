import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '@/lib/request';
import { codegenKey } from './list-gen-tables';

/** Removes tables from the generator (the database tables stay). */
export function deleteGenTables(tableIds: readonly number[]) {
  return del<unknown>(`/tool/gen/${tableIds.join(',')}`);
}

export function useDeleteGenTables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGenTables,
    onSettled: () => queryClient.invalidateQueries({ queryKey: codegenKey }),
  });
}
