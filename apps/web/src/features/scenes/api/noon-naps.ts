import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  noonNapOptionsSchema,
  noonNapSchema,
  pageSchema,
  type NoonNapCreateBody,
  type NoonNapSaveBody,
} from '@sbuilding/shared';
import { del, get, post, put } from '@/lib/request';

/*
 * The noon-nap calls (/sbuilding/noonNap/*). Kept in one file like scenes.ts: they share the list key
 * every mutation invalidates.
 */

export const noonNapsKey = ['noon-naps'] as const;

export function useNoonNaps(projectId: number | null) {
  return useQuery({
    queryKey: [...noonNapsKey, 'list', projectId],
    queryFn: () => post('/sbuilding/noonNap/getList', { projectId }, { schema: pageSchema(noonNapSchema) }),
    enabled: projectId !== null,
  });
}

/** The project's NAP work times and zones (the form's choices; an empty NAP list means none can be made). */
export function useNoonNapOptions(projectId: number | null) {
  return useQuery({
    queryKey: [...noonNapsKey, 'options', projectId],
    queryFn: () => get('/sbuilding/noonNap/options', { params: { projectId }, schema: noonNapOptionsSchema }),
    enabled: projectId !== null,
  });
}

export function useCreateNoonNap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoonNapCreateBody) =>
      put('/sbuilding/noonNap/create', body, { schema: noonNapSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noonNapsKey }),
  });
}

export function useSaveNoonNap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: NoonNapSaveBody }) =>
      post(`/sbuilding/noonNap/save/${id}`, body, { schema: noonNapSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noonNapsKey }),
  });
}

/** Enables or disables (the page confirms first). */
export function useEnableNoonNap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      post(`/sbuilding/noonNap/enable/${id}`, { enabled }, { schema: noonNapSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noonNapsKey }),
  });
}

export function useDeleteNoonNap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del(`/sbuilding/noonNap/${id}`, { schema: z.null() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noonNapsKey }),
  });
}
