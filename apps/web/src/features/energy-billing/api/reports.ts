import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  notificationChannelSchema,
  reportScheduleSchema,
  reportSendSchema,
  sharedViewSchema,
  shareLinkSchema,
  type ReportScheduleFormInput,
  type ShareLinkCreateInput,
} from '@sbuilding/shared';
import { del, get, post, put } from '@/lib/request';

/** Every query of the reports page starts with this key. */
export const reportsKey = ['energy-reports'] as const;

export function useReportChannels(projectId: number | null) {
  return useQuery({
    queryKey: [...reportsKey, 'channels', projectId],
    queryFn: () =>
      post(
        '/sbuilding/notification/channel/list',
        { projectId },
        { schema: z.array(notificationChannelSchema) },
      ),
    enabled: projectId !== null,
  });
}

export function useSchedules(projectId: number | null) {
  return useQuery({
    queryKey: [...reportsKey, 'schedules', projectId],
    queryFn: () =>
      get('/sbuilding/energy/report/schedule/list', {
        params: { projectId },
        schema: z.array(reportScheduleSchema),
      }),
    enabled: projectId !== null,
  });
}

export function useSends(projectId: number | null) {
  return useQuery({
    queryKey: [...reportsKey, 'sends', projectId],
    queryFn: () =>
      get('/sbuilding/energy/report/send/list', { params: { projectId }, schema: z.array(reportSendSchema) }),
    enabled: projectId !== null,
  });
}

export function useShares(projectId: number | null) {
  return useQuery({
    queryKey: [...reportsKey, 'shares', projectId],
    queryFn: () =>
      get('/sbuilding/energy/report/share/list', { params: { projectId }, schema: z.array(shareLinkSchema) }),
    enabled: projectId !== null,
  });
}

export type ScheduleSave = ReportScheduleFormInput & { projectId: number; id?: number; version?: number };

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleSave) =>
      body.id === undefined
        ? post('/sbuilding/energy/report/schedule', body, { schema: reportScheduleSchema, silent: true })
        : put('/sbuilding/energy/report/schedule', body, { schema: reportScheduleSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => del(`/sbuilding/energy/report/schedule/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

export function useSendNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      post(`/sbuilding/energy/report/schedule/${id}/send`, undefined, { schema: z.array(reportSendSchema) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareLinkCreateInput) =>
      post('/sbuilding/energy/report/share', body, { schema: shareLinkSchema, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      post(`/sbuilding/energy/report/share/${id}/revoke`, undefined, { schema: shareLinkSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

/** What a share link opens (no session needed; silent: the page says why it cannot show it). */
export function useSharedView(token: string) {
  return useQuery({
    queryKey: [...reportsKey, 'shared', token],
    queryFn: () =>
      get(`/sbuilding/public/share/${encodeURIComponent(token)}`, { schema: sharedViewSchema, silent: true }),
    retry: false,
  });
}
