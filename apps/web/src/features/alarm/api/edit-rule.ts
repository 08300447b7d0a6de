import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleSchema, type AlertRuleUpdateBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { rulesKey } from './list-rules';

/** 409 when the rule changed since `version`: the generic notice asks to reload. */
export function editRule(id: number, body: AlertRuleUpdateBody) {
  return post(`/sbuilding/alert/rule/edit/${id}`, body, { schema: alertRuleSchema });
}

export function useEditRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlertRuleUpdateBody }) => editRule(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey }),
  });
}
