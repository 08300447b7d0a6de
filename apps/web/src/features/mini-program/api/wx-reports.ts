import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { wxWorkOrderSchema, type WxWorkOrderCreateBody } from '@sbuilding/shared';
import { get, put } from '@/lib/request';
import { wxKey } from './get-wx-halls';

const reportsKey = (hallId: number) => [...wxKey, 'reports', hallId] as const;

/** Where an occupant's photo goes: their own upload, which only they may attach to their report. */
export const WX_PHOTO_ENDPOINT = '/sbuilding/wx/workorder/upload/photo';

/** The person's own reports in this building, newest first, with how far each has come. */
export function useWxReports(hallId: number, enabled: boolean) {
  return useQuery({
    queryKey: reportsKey(hallId),
    queryFn: () =>
      get('/sbuilding/wx/workorders', { params: { hallId }, schema: z.array(wxWorkOrderSchema) }),
    enabled,
  });
}

/** Sends a report (a work order of the building's project); the list of the person's reports follows. */
export function useWxReport(hallId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WxWorkOrderCreateBody) =>
      put('/sbuilding/wx/workorder/create', body, { schema: wxWorkOrderSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey(hallId) }),
  });
}
