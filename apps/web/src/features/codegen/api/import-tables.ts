import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { genTableSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { codegenKey } from './list-gen-tables';

export function importTables(tables: readonly string[]) {
  return post('/tool/gen/importTable', undefined, {
    params: { tables: tables.join(',') },
    schema: z.array(genTableSchema),
  });
}

export function useImportTables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTables,
    onSettled: () => queryClient.invalidateQueries({ queryKey: codegenKey }),
  });
}
