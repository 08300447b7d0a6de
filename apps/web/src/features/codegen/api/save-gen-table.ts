import { useMutation, useQueryClient } from '@tanstack/react-query';
import { genTableDetailSchema, type GenSaveBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { codegenKey } from './list-gen-tables';

export function saveGenTable(body: GenSaveBody) {
  return put('/tool/gen', body, { schema: genTableDetailSchema });
}

export function useSaveGenTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGenTable,
    onSettled: () => queryClient.invalidateQueries({ queryKey: codegenKey }),
  });
}
