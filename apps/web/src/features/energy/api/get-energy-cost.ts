import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { energyBoardCostSchema, type EnergyQueryInput } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { energyKey } from './get-energy-board';

/**
 * The board's cost and carbon (same query as the summary), keyed like it: beside each channel, floor,
 * building and the total, split by tariff period. A tariff change (query key 'energy') refreshes it.
 */
export function useEnergyCost(query: EnergyQueryInput, enabled = true) {
  return useQuery({
    queryKey: [...energyKey, 'cost', query],
    queryFn: () => get('/sbuilding/board/energy/cost', { params: query, schema: energyBoardCostSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
