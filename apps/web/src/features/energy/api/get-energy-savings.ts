import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { energySavingsSchema, type EnergyQueryInput } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { energyKey } from './get-energy-board';

/** What the project's scenes and AC automations saved in the board's period (the whole project's). */
export function useEnergySavings(query: EnergyQueryInput, enabled = true) {
  const { buildingId: _building, ...params } = query;
  return useQuery({
    queryKey: [...energyKey, 'savings', params],
    queryFn: () => get('/sbuilding/board/energy/savings', { params, schema: energySavingsSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
