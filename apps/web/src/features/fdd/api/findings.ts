import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fddFindingSchema, pageSchema, type FddFindingListBody } from '@sbuilding/shared';
import { get, post } from '@/lib/request';

/**
 * Every fault-detection query starts with this key: a move, a fix or a rule's save reads the list, the
 * summary, an open finding and the rules again together.
 */
export const fddKey = ['fdd'] as const;

const findingPageSchema = pageSchema(fddFindingSchema);

/** A page of the project's findings, costliest first (the server's order). */
export function useFindings(body: FddFindingListBody, enabled = true) {
  return useQuery({
    queryKey: [...fddKey, 'findings', body],
    queryFn: () => post('/sbuilding/fdd/finding/getList', body, { schema: findingPageSchema }),
    // Paging keeps the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFinding(id: number | null) {
  return useQuery({
    queryKey: [...fddKey, 'finding', id],
    queryFn: () => get(`/sbuilding/fdd/finding/${id}`, { schema: fddFindingSchema }),
    enabled: id !== null,
  });
}

/** A fault-detection call that changes something: every fault-detection query is read again after it. */
export function useFddMutation<A, R>(
  mutationFn: (args: A) => Promise<R>,
  alsoInvalidate?: readonly string[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Settled, not only succeeded: a refused or stale call (409) shows what is there now.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: fddKey });
      if (alsoInvalidate) await queryClient.invalidateQueries({ queryKey: alsoInvalidate });
    },
  });
}
