import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DICT_QUERY_KEY } from '@/lib/dict';
import { del } from '@/lib/request';

export function deleteDictData(dictCode: number): Promise<null> {
  return del(`/system/dict/data/${dictCode}`, { schema: z.null() });
}

export function useDeleteDictData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDictData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY }),
  });
}
