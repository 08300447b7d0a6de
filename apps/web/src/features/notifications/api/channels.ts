import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  channelTestResultSchema,
  notificationChannelSchema,
  type ChannelCreateBody,
  type ChannelTestResult,
  type ChannelUpdateBody,
  type NotificationChannel,
} from '@sbuilding/shared';
import { del, post, put } from '@/lib/request';

/** Every notification query starts with this key: a channel change refreshes the channels and the log. */
export const notificationsKey = ['notifications'] as const;

export function listChannels(projectId: number): Promise<NotificationChannel[]> {
  return post(
    '/sbuilding/notification/channel/list',
    { projectId },
    { schema: z.array(notificationChannelSchema) },
  );
}

export function useChannels(projectId: number | null) {
  return useQuery({
    queryKey: [...notificationsKey, 'channels', projectId],
    queryFn: () => listChannels(projectId ?? 0),
    enabled: projectId !== null,
  });
}

export function createChannel(body: ChannelCreateBody): Promise<NotificationChannel> {
  return post('/sbuilding/notification/channel', body, { schema: notificationChannelSchema });
}

/** 409 when the channel changed since `version` was read. */
export function updateChannel(body: ChannelUpdateBody): Promise<NotificationChannel> {
  return put('/sbuilding/notification/channel', body, { schema: notificationChannelSchema });
}

export function deleteChannel(id: number): Promise<null> {
  return del(`/sbuilding/notification/channel/${id}`, { schema: z.null() });
}

/** Sends a test message now; the answer says whether it went through (not an error when it did not). */
export function testChannel(id: number): Promise<ChannelTestResult> {
  return post(`/sbuilding/notification/channel/test/${id}`, undefined, {
    schema: channelTestResultSchema,
    timeout: 30_000,
  });
}

export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelCreateBody | ChannelUpdateBody) =>
      'id' in body ? updateChannel(body) : createChannel(body),
    // After a 409 too: the table then shows what someone else saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useTestChannel() {
  return useMutation({ mutationFn: testChannel });
}
