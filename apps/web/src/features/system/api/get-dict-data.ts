import { queryOptions, useQuery } from '@tanstack/react-query';
import { sysDictDataSchema, type SysDictData } from '@sbuilding/shared';
import { DICT_QUERY_KEY } from '@/lib/dict';
import { get } from '@/lib/request';

export function getDictData(dictCode: number): Promise<SysDictData> {
  return get(`/system/dict/data/${dictCode}`, { schema: sysDictDataSchema });
}

export function dictDataOptions(dictCode: number) {
  return queryOptions({
    queryKey: [...DICT_QUERY_KEY, 'row', dictCode],
    queryFn: () => getDictData(dictCode),
  });
}

/** One row by its dictCode; used to find the dictionary a numeric /dict/type/data/{id} names. */
export function useDictDataRow(dictCode: number | undefined) {
  return useQuery({ ...dictDataOptions(dictCode ?? 0), enabled: dictCode !== undefined });
}
