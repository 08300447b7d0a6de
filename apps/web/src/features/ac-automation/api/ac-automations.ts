import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  acAutomationExplanationSchema,
  acAutomationSavingsSchema,
  savingsEvidenceSchema,
  acAutomationSchema,
  pageSchema,
  type AcAutomationCreateBody,
  type AcAutomationListBody,
  type AcAutomationSaveBody,
} from '@sbuilding/shared';
import { del, post, put } from '@/lib/request';

export const acAutomationsKey = ['ac-automations'] as const;

export function listAcAutomations(filter: AcAutomationListBody) {
  return post('/sbuilding/acAutomation/getList', filter, { schema: pageSchema(acAutomationSchema) });
}

export function acAutomationsQuery(filter: AcAutomationListBody) {
  return queryOptions({
    queryKey: [...acAutomationsKey, 'list', filter],
    queryFn: () => listAcAutomations(filter),
    placeholderData: keepPreviousData,
  });
}

export function useAcAutomations(filter: AcAutomationListBody, enabled = true) {
  return useQuery({ ...acAutomationsQuery(filter), enabled });
}

/** The energy each config saved over the last 30 days (the server's default period). */
export function useAcAutomationSavings(projectId: number | null) {
  return useQuery({
    queryKey: [...acAutomationsKey, 'savings', projectId],
    queryFn: () =>
      post('/sbuilding/acAutomation/savings', { projectId }, { schema: acAutomationSavingsSchema }),
    enabled: projectId !== null,
  });
}

/** One config's savings over the last 30 days with their evidence (its detail). */
export function useAcAutomationSavingsEvidence(acAutomationId: number | null) {
  return useQuery({
    queryKey: [...acAutomationsKey, 'savings', 'evidence', acAutomationId],
    queryFn: () =>
      post('/sbuilding/acAutomation/savings/evidence', { acAutomationId }, { schema: savingsEvidenceSchema }),
    enabled: acAutomationId !== null,
  });
}

function useInvalidating<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: acAutomationsKey }),
  });
}

export function useCreateAcAutomation() {
  return useInvalidating((body: AcAutomationCreateBody) =>
    put('/sbuilding/acAutomation/create', body, { schema: acAutomationSchema }),
  );
}

export function useSaveAcAutomation() {
  return useInvalidating(({ id, body }: { id: number; body: AcAutomationSaveBody }) =>
    post(`/sbuilding/acAutomation/save/${id}`, body, { schema: acAutomationSchema }),
  );
}

/** Active or inactive (the page confirms first). */
export function useSetAcAutomationActive() {
  return useInvalidating(({ id, active }: { id: number; active: boolean }) =>
    post(`/sbuilding/acAutomation/active/${id}`, { active }, { schema: acAutomationSchema }),
  );
}

export function useDeleteAcAutomation() {
  return useInvalidating((id: number) => del(`/sbuilding/acAutomation/${id}`, { schema: z.null() }));
}

/** What the config wants now and what it read; sends nothing. */
export function useExplainAcAutomation(id: number | null) {
  return useQuery({
    queryKey: [...acAutomationsKey, 'explain', id],
    queryFn: () =>
      post(`/sbuilding/acAutomation/explain/${id ?? 0}`, undefined, {
        schema: acAutomationExplanationSchema,
      }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
