import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, sysDictDataSchema, type SysDictData } from '@sbuilding/shared';
import { DICT_QUERY_KEY } from '@/lib/dict';
import { get } from '@/lib/request';

export interface DictDataListParams {
  dictType: string;
  pageNum: number;
  pageSize: number;
}

const dictPageSchema = pageSchema(sysDictDataSchema);

export function listDictData(params: DictDataListParams): Promise<{ rows: SysDictData[]; total: number }> {
  return get('/system/dict/data/list', { params, schema: dictPageSchema });
}

/** Under the dictionaries' key, so an edit refreshes this table and every option list at once. */
export const dictDataListKey = [...DICT_QUERY_KEY, 'list'] as const;

export function dictDataListOptions(params: DictDataListParams) {
  return queryOptions({
    queryKey: [...dictDataListKey, params],
    queryFn: () => listDictData(params),
    placeholderData: keepPreviousData,
  });
}

export function useDictDataList(params: DictDataListParams, enabled: boolean) {
  return useQuery({ ...dictDataListOptions(params), enabled });
}
