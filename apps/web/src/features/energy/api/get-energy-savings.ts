import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { energySavingsSchema, type EnergyQueryInput } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { energyKey } from './get-energy-board';

/** What the project's scenes and AC automations saved in the board's period (and building, if chosen). */
export function useEnergySavings(query: EnergyQueryInput, enabled = true) {
  return useQuery({
    queryKey: [...energyKey, 'savings', query],
    queryFn: () => get('/sbuilding/board/energy/savings', { params: query, schema: energySavingsSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
