import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userHallOptionSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** The buildings a weixin customer can belong to: the tenant's (an admin names it), with their project. */
export function hallOptionsQueryOptions(tenantId: number | undefined) {
  return queryOptions({
    queryKey: ['users', 'hallOptions', tenantId ?? null],
    queryFn: () =>
      get('/sbuilding/user/hallOptions', {
        params: tenantId === undefined ? {} : { tenantId },
        schema: z.array(userHallOptionSchema),
      }),
  });
}

export function useHallOptions(enabled: boolean, tenantId: number | undefined) {
  return useQuery({ ...hallOptionsQueryOptions(tenantId), enabled });
}
