import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  emissionFactorSchema,
  tariffDaySchema,
  tariffSchema,
  type EmissionFactorBody,
  type TariffCreateInput,
} from '@sbuilding/shared';
import { del, get, post, put } from '@/lib/request';

/** Every tariff query starts with this key (the energy board's cost too: a tariff change reprices it). */
export const tariffKey = ['energy'] as const;

export function useTariffs(projectId: number | null) {
  return useQuery({
    queryKey: [...tariffKey, 'tariffs', projectId],
    queryFn: () =>
      get('/sbuilding/energy/tariff/list', { params: { projectId }, schema: z.array(tariffSchema) }),
    enabled: projectId !== null,
  });
}

export function useTariffDay(projectId: number | null, date: string) {
  return useQuery({
    queryKey: [...tariffKey, 'tariff-day', projectId, date],
    queryFn: () =>
      get('/sbuilding/energy/tariff/day', { params: { projectId, date }, schema: tariffDaySchema }),
    enabled: projectId !== null,
  });
}

export function useSaveTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TariffCreateInput & { id?: number }) =>
      body.id === undefined
        ? post('/sbuilding/energy/tariff', body, { schema: tariffSchema })
        : put('/sbuilding/energy/tariff', body, { schema: tariffSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tariffKey }),
  });
}

export function useDeleteTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del(`/sbuilding/energy/tariff/${id}`, { schema: z.null() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tariffKey }),
  });
}

export function useFactors(projectId: number | null) {
  return useQuery({
    queryKey: [...tariffKey, 'factors', projectId],
    queryFn: () =>
      get('/sbuilding/energy/emission/list', {
        params: { projectId },
        schema: z.array(emissionFactorSchema),
      }),
    enabled: projectId !== null,
  });
}

export function useSaveFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmissionFactorBody) =>
      post('/sbuilding/energy/emission', body, { schema: emissionFactorSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tariffKey }),
  });
}

export function useDeleteFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del(`/sbuilding/energy/emission/${id}`, { schema: z.null() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tariffKey }),
  });
}
