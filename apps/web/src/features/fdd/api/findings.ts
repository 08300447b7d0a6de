import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_FDD_STATUSES,
  fddFindingSchema,
  pageSchema,
  type FddFinding,
  type FddFindingListBody,
} from '@sbuilding/shared';
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
    // The rules run once a minute: new findings, their waste and the ones that closed show by themselves.
    refetchInterval: ROUND_MS,
    enabled,
  });
}

/** How often the server's rules run in a project. */
export const ROUND_MS = 60_000;
/** A fix was sent and the finding is still open: the rule checks it again within half a minute. */
const CHECKING_MS = 5_000;

const checking = (finding: FddFinding | undefined) =>
  finding?.fixRequestedAt != null && ACTIVE_FDD_STATUSES.includes(finding.status);

export function useFinding(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...fddKey, 'finding', id],
    queryFn: async () => {
      const before = queryClient.getQueryData<FddFinding>([...fddKey, 'finding', id]);
      const finding = await get(`/sbuilding/fdd/finding/${id}`, { schema: fddFindingSchema });
      // A finding that closed meanwhile (its fix worked): the list and the figures say so too.
      if (before && before.status !== finding.status)
        void queryClient.invalidateQueries({
          queryKey: fddKey,
          predicate: (q) => q.queryKey[1] !== 'finding',
        });
      return finding;
    },
    // While a sent fix is being checked, the drawer watches it close.
    refetchInterval: (query) => (checking(query.state.data) ? CHECKING_MS : ROUND_MS),
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
