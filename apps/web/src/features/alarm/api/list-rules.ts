import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { alertRuleSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

export function listRules(projectId: number) {
  return post('/sbuilding/alert/rule/getList', { projectId }, { schema: z.array(alertRuleSchema) });
}

/** Every rule query starts with this key: a rule change invalidates the project's list. */
export const rulesKey = ['alertRules'] as const;

export function rulesQueryOptions(projectId: number) {
  return queryOptions({ queryKey: [...rulesKey, projectId], queryFn: () => listRules(projectId) });
}

export function useRules(projectId: number | null) {
  return useQuery({ ...rulesQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
