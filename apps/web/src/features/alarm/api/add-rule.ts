import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleSchema, type AlertRuleCreateBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { rulesKey } from './list-rules';

export function addRule(body: AlertRuleCreateBody) {
  return post('/sbuilding/alert/rule/add', body, { schema: alertRuleSchema });
}

export function useAddRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}
