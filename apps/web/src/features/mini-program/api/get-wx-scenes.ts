import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { wxSceneSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { wxKey } from './get-wx-halls';

export function wxScenesQueryOptions(hallId: number) {
  return queryOptions({
    queryKey: [...wxKey, 'scenes', hallId],
    queryFn: () => get(`/sbuilding/wx/hall/${hallId}/scenes`, { schema: z.array(wxSceneSchema) }),
  });
}

/** The scenes the building's manager offers in the mini-program. */
/** Asked only once the building itself has answered (`ready`): a building that is not theirs says so once. */
export function useWxScenes(hallId: number | null, ready = true) {
  return useQuery({ ...wxScenesQueryOptions(hallId ?? 0), enabled: hallId !== null && ready });
}
