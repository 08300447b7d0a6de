import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceCredentialsSchema } from '@sbuilding/shared';
import { get, post } from '@/lib/request';
import { devicesKey } from './list-devices';

export function getDeviceCredentials(id: number) {
  return get(`/sbuilding/device/credentials/${id}`, { schema: deviceCredentialsSchema });
}

/** Replaces the access token: the old one stops working, so the device must be reconfigured. */
export function replaceDeviceCredentials(id: number) {
  return post(`/sbuilding/device/credentials/${id}`, undefined, { schema: deviceCredentialsSchema });
}

export function deviceCredentialsQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...devicesKey, 'credentials', id],
    queryFn: () => getDeviceCredentials(id),
  });
}

export function useDeviceCredentials(id: number, enabled: boolean) {
  return useQuery({ ...deviceCredentialsQueryOptions(id), enabled });
}

export function useReplaceDeviceCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceDeviceCredentials,
    onSuccess: (credentials) =>
      queryClient.setQueryData(deviceCredentialsQueryOptions(credentials.deviceId).queryKey, credentials),
  });
}
