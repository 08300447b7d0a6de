import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { wxHallSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

export const wxKey = ['wx'] as const;

export function wxHallsQueryOptions() {
  return queryOptions({
    queryKey: [...wxKey, 'halls'],
    queryFn: () => get('/sbuilding/wx/halls', { schema: z.array(wxHallSchema) }),
  });
}

/** The buildings the person belongs to (the chooser when there are several). */
export function useWxHalls(enabled: boolean) {
  return useQuery({ ...wxHallsQueryOptions(), enabled });
}
