import { useMutation, useQueryClient } from '@tanstack/react-query';
import { genSyncResultSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { codegenKey } from './list-gen-tables';

/** Picks up the columns added to the table since its import (and drops removed ones). */
export function syncGenTable(tableName: string) {
  return get(`/tool/gen/synchDb/${encodeURIComponent(tableName)}`, { schema: genSyncResultSchema });
}

export function useSyncGenTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncGenTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: codegenKey }),
  });
}
