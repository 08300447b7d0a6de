import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sysDictDataSchema, type DictDataUpdateBody, type SysDictData } from '@sbuilding/shared';
import { DICT_QUERY_KEY } from '@/lib/dict';
import { put } from '@/lib/request';

/** 409 when the row changed since `version` was read. */
export function updateDictData(body: DictDataUpdateBody): Promise<SysDictData> {
  return put('/system/dict/data', body, { schema: sysDictDataSchema });
}

/** Refetches after a failure too, so a 409 shows the row someone else saved. */
export function useUpdateDictData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDictData,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY }),
  });
}
