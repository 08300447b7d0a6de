import { useQuery } from '@tanstack/react-query';
import { genPreviewSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { codegenKey } from './list-gen-tables';

/** The generated code: file path → content. */
export function previewGenTable(tableId: number) {
  return get(`/tool/gen/preview/${tableId}`, { schema: genPreviewSchema });
}

/** Always fetched afresh: a save just before must show. */
export function useGenPreview(tableId: number | undefined) {
  return useQuery({
    queryKey: [...codegenKey, 'preview', tableId],
    queryFn: () => previewGenTable(tableId ?? 0),
    enabled: tableId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}
