import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { get } from '@/lib/request';

/** Of each tariff plan, what says its currency and when it applies (the list is oldest first). */
const tariffCurrenciesSchema = z.array(z.object({ validFrom: z.string(), currency: z.string() }));

/**
 * The currency the findings' money is in: the project's tariff plan in force today (the one the server prices
 * the waste with), or null without one (money is then a plain figure). The findings and the summary do not
 * carry it, so it is read from the tariff list; silent, since a project without tariffs is no error here.
 */
export function useProjectCurrency(projectId: number, today: string) {
  return useQuery({
    queryKey: ['fdd-currency', projectId, today],
    queryFn: () =>
      get('/sbuilding/energy/tariff/list', {
        params: { projectId },
        schema: tariffCurrenciesSchema,
        silent: true,
      }),
    select: (plans) => plans.filter((p) => p.validFrom <= today).at(-1)?.currency ?? null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
