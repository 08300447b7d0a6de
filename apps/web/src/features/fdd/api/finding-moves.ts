import { z } from 'zod';
import { fddFindingSchema, type FddTransitionBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { useFddMutation } from './findings';

/*
 * What a person does with a finding. Each call is silent: a refused or stale move (409, the finding changed
 * meanwhile) is answered by the page's own message.
 */

/** Acknowledge, mark fixed, dismiss (with a reason) or reopen, at the version read. */
export function useTransitionFinding() {
  return useFddMutation(({ id, body }: { id: number; body: FddTransitionBody }) =>
    post(`/sbuilding/fdd/finding/transition/${id}`, body, { schema: fddFindingSchema, silent: true }),
  );
}

/** Sends the finding's one-click fix to its device; the rule then checks it again and marks it fixed. */
export function useFixFinding() {
  return useFddMutation(({ id, version }: { id: number; version: number }) =>
    post(`/sbuilding/fdd/finding/fix/${id}`, { version }, { schema: fddFindingSchema, silent: true }),
  );
}

const workOrderMadeSchema = z.object({ workOrderId: z.number().int() });

/**
 * The finding's work order: made the first time, the same one after. The work orders' queries are read
 * again too (their key, written out: a feature does not import another).
 */
export function useFindingWorkOrder() {
  return useFddMutation(
    (id: number) =>
      post(`/sbuilding/fdd/finding/workOrder/${id}`, undefined, {
        schema: workOrderMadeSchema,
        silent: true,
      }),
    ['work-orders'],
  );
}
