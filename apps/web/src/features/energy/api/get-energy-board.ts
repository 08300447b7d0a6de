import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { energyBoardSchema, type EnergyQueryInput } from '@sbuilding/shared';
import { get } from '@/lib/request';

export const energyKey = ['energy'] as const;

export function getEnergyBoard(query: EnergyQueryInput) {
  return get('/sbuilding/board/energy/summary', { params: query, schema: energyBoardSchema });
}

export function energyBoardQueryOptions(query: EnergyQueryInput) {
  return queryOptions({
    queryKey: [...energyKey, 'board', query],
    queryFn: () => getEnergyBoard(query),
    // Switching the period or the date keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useEnergyBoard(query: EnergyQueryInput, enabled = true) {
  return useQuery({ ...energyBoardQueryOptions(query), enabled });
}
