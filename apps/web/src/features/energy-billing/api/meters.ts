import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  meterNodeSchema,
  meterTreeSchemaOut,
  type MeterNodeCreateInput,
  type MeterTreeQueryInput,
} from '@sbuilding/shared';
import { del, get, post, put } from '@/lib/request';
import { tariffKey } from './tariffs';

/** The meter tree for a period: nodes with kWh, cost, carbon, kWh/m² and remainder, and the channels. */
export function useMeterTree(query: MeterTreeQueryInput | null) {
  return useQuery({
    queryKey: [...tariffKey, 'meter-tree', query],
    queryFn: () => get('/sbuilding/energy/meter-tree', { params: query ?? {}, schema: meterTreeSchemaOut }),
    enabled: query !== null,
  });
}

export function useSaveMeterNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeterNodeCreateInput & { id?: number }) =>
      body.id === undefined
        ? post('/sbuilding/energy/meter-node', body, { schema: meterNodeSchema })
        : put('/sbuilding/energy/meter-node', body, { schema: meterNodeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tariffKey }),
  });
}

export function useDeleteMeterNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del(`/sbuilding/energy/meter-node/${id}`, { schema: z.null() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tariffKey }),
  });
}
