import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleSchema, type AlertRuleEnableBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { rulesKey } from './list-rules';

export function enableRule(id: number, body: AlertRuleEnableBody) {
  return post(`/sbuilding/alert/rule/enable/${id}`, body, { schema: alertRuleSchema });
}

export function useEnableRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlertRuleEnableBody }) => enableRule(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}
