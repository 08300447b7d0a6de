import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fddRuleSettingSchema, type FddRuleSaveBody } from '@sbuilding/shared';
import { get, post } from '@/lib/request';
import { fddKey, useFddMutation } from './findings';

/** Each rule with the project's switch and thresholds. */
export function useFddRules(projectId: number) {
  return useQuery({
    queryKey: [...fddKey, 'rules', projectId],
    queryFn: () =>
      get('/sbuilding/fdd/rule/list', { params: { projectId }, schema: z.array(fddRuleSettingSchema) }),
  });
}

/** Silent: a stale save (409) is answered by the rule's card, which reloads the rules. */
export function useSaveFddRule() {
  return useFddMutation(({ projectId, body }: { projectId: number; body: FddRuleSaveBody }) =>
    post(`/sbuilding/fdd/rule/save/${projectId}`, body, { schema: fddRuleSettingSchema, silent: true }),
  );
}
