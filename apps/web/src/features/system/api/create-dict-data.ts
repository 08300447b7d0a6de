import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sysDictDataSchema, type DictDataCreateBody, type SysDictData } from '@sbuilding/shared';
import { DICT_QUERY_KEY } from '@/lib/dict';
import { post } from '@/lib/request';

export function createDictData(body: DictDataCreateBody): Promise<SysDictData> {
  return post('/system/dict/data', body, { schema: sysDictDataSchema });
}

export function useCreateDictData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDictData,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY }),
  });
}
