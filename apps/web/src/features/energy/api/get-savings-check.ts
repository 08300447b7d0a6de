import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { savingsCheckSchema, type EnergyQueryInput } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { energyKey } from './get-energy-board';

/** Each building's estimated savings beside what its meters measured (the board's period and building). */
export function useSavingsCheck(query: EnergyQueryInput, enabled = true) {
  return useQuery({
    queryKey: [...energyKey, 'savingsCheck', query],
    queryFn: () =>
      get('/sbuilding/board/energy/savings/check', { params: query, schema: savingsCheckSchema }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
