import { queryOptions, useQuery } from '@tanstack/react-query';
import { wxSummarySchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { wxKey } from './get-wx-halls';

/** Air and energy change slowly and come from several sensors and meters: read again every minute. */
const SUMMARY_REFRESH_MS = 60_000;

export function wxSummaryQueryOptions(hallId: number) {
  return queryOptions({
    queryKey: [...wxKey, 'summary', hallId],
    queryFn: () => get(`/sbuilding/wx/hall/${hallId}/summary`, { schema: wxSummarySchema }),
    refetchInterval: SUMMARY_REFRESH_MS,
  });
}

/** The building's air quality now and its energy today against yesterday at this time. */
/** Asked only once the building itself has answered (`ready`): a building that is not theirs says so once. */
export function useWxSummary(hallId: number | null, ready = true) {
  return useQuery({ ...wxSummaryQueryOptions(hallId ?? 0), enabled: hallId !== null && ready });
}
