import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { genTableSchema, pageSchema, type GenListParams } from '@sbuilding/shared';
import { get } from '@/lib/request';

export function listGenTables(params: GenListParams) {
  return get('/tool/gen/list', { params, schema: pageSchema(genTableSchema) });
}

/** Every query of the code generator starts with this key; writes invalidate it. */
export const codegenKey = ['codegen'] as const;

export function genTablesQueryOptions(params: GenListParams) {
  return queryOptions({
    queryKey: [...codegenKey, 'list', params],
    queryFn: () => listGenTables(params),
    placeholderData: keepPreviousData,
  });
}

export function useGenTables(params: GenListParams) {
  return useQuery(genTablesQueryOptions(params));
}
