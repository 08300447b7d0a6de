import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { airTrendSchema, type AirTrendRange } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** What a trend is of: one sensor or a zone's sensors together. */
export type AirTrendTarget = { kind: 'device'; id: number } | { kind: 'zone'; id: number };

// Not under airBoardKey: live readings patch every cached board by that prefix.
export const airTrendKey = ['boards', 'airTrend'] as const;

export function airTrendQueryOptions(target: AirTrendTarget, range: AirTrendRange) {
  const params = target.kind === 'device' ? { deviceId: target.id, range } : { zoneId: target.id, range };
  return queryOptions({
    queryKey: [...airTrendKey, params],
    queryFn: () => get('/sbuilding/board/air/trend', { params, schema: airTrendSchema }),
  });
}

/** Hourly means of the last 24 hours or 7 days, from the server's rollups. */
export function useAirTrend(target: AirTrendTarget | null, range: AirTrendRange) {
  return useQuery({
    ...airTrendQueryOptions(target ?? { kind: 'zone', id: 0 }, range),
    enabled: target !== null,
    placeholderData: keepPreviousData,
  });
}
