import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { genDbTableSchema, pageSchema, type GenListParams } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { codegenKey } from './list-gen-tables';

/** Tables of the database not yet imported. */
export function listDbTables(params: GenListParams) {
  return get('/tool/gen/db/list', { params, schema: pageSchema(genDbTableSchema) });
}

export function useDbTables(params: GenListParams, enabled: boolean) {
  return useQuery({
    queryKey: [...codegenKey, 'db', params],
    queryFn: () => listDbTables(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
