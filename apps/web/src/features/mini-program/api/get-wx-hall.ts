import { queryOptions, useQuery } from '@tanstack/react-query';
import { wxHallDetailSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { wxKey } from './get-wx-halls';

export function wxHallQueryOptions(hallId: number) {
  return queryOptions({
    queryKey: [...wxKey, 'hall', hallId],
    // Silent: the page says what went wrong in place ('This building is not one of yours'), with a way back.
    queryFn: () =>
      get(`/sbuilding/wx/hall/${hallId}`, { schema: wxHallDetailSchema, silent: 'except-expired' }),
  });
}

/** The building's rooms by floor with their lights and ACs; kept live by the socket (use-live-hall). */
export function useWxHall(hallId: number | null) {
  return useQuery({ ...wxHallQueryOptions(hallId ?? 0), enabled: hallId !== null });
}
