import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { markSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

export function listMarks(floorId: number) {
  return post('/sbuilding/mark/getList', { floorId }, { schema: z.array(markSchema) });
}

/** Every mark query starts with this key; writes invalidate it (a bind changes other floors' devices too). */
export const marksKey = ['device-marks'] as const;

export function marksKeyOf(floorId: number) {
  return [...marksKey, 'floor', floorId] as const;
}

export function marksQueryOptions(floorId: number) {
  return queryOptions({ queryKey: marksKeyOf(floorId), queryFn: () => listMarks(floorId) });
}

export function useMarks(floorId: number | null) {
  return useQuery({ ...marksQueryOptions(floorId ?? 0), enabled: floorId !== null });
}
