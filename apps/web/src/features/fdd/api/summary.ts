import { useQuery } from '@tanstack/react-query';
import { fddSummarySchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { fddKey, ROUND_MS } from './findings';

/** The waste of the project's findings this month so far, and what the active ones cost per day. */
export function useFddSummary(projectId: number, enabled = true) {
  return useQuery({
    queryKey: [...fddKey, 'summary', projectId],
    queryFn: () =>
      get('/sbuilding/fdd/summary', { params: { projectId, period: 'MONTH' }, schema: fddSummarySchema }),
    // The rules run once a minute: the figures follow them.
    refetchInterval: ROUND_MS,
    enabled,
  });
}
