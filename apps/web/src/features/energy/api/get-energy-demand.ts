import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { energyDemandSchema, type EnergyQueryInput } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { energyKey } from './get-energy-board';

/** The period's peak demand of the board's scope, each building and each floor (issue 22, demand.ts). */
export function useEnergyDemand(query: EnergyQueryInput, enabled = true) {
  return useQuery({
    queryKey: [...energyKey, 'demand', query],
    queryFn: () => get('/sbuilding/board/energy/demand', { params: query, schema: energyDemandSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
