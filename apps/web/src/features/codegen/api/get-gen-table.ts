import { queryOptions, useQuery } from '@tanstack/react-query';
import { genTableDetailSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { codegenKey } from './list-gen-tables';

/** A table's settings and its columns: `{info, rows}`. */
export function getGenTable(tableId: number) {
  return get(`/tool/gen/${tableId}`, { schema: genTableDetailSchema });
}

export function genTableQueryOptions(tableId: number) {
  return queryOptions({ queryKey: [...codegenKey, 'table', tableId], queryFn: () => getGenTable(tableId) });
}

export function useGenTable(tableId: number | undefined) {
  return useQuery({ ...genTableQueryOptions(tableId ?? 0), enabled: tableId !== undefined });
}
