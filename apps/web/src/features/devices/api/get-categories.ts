import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deviceCategoryOptionSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

export function getDeviceCategories() {
  return get('/sbuilding/common/getDevCategorys', { schema: z.array(deviceCategoryOptionSchema) });
}

/**
 * Spec section 3: the categories are fetched once and cached. The names come in the request's language,
 * so the language is part of the key (a switch reloads the page anyway).
 */
export function deviceCategoriesQueryOptions(lang: string) {
  return queryOptions({
    queryKey: ['device-categories', lang],
    queryFn: getDeviceCategories,
    staleTime: Infinity,
  });
}

export function useDeviceCategories(lang: string) {
  return useQuery(deviceCategoriesQueryOptions(lang));
}
