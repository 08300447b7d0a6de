import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  exportResultSchema,
  pageSchema,
  workOrderAssignResultSchema,
  workOrderAssigneeSchema,
  workOrderDetailSchema,
  workOrderSchema,
  workOrderStatsSchema,
  type WorkOrderAssignBody,
  type WorkOrderCommentBody,
  type WorkOrderFilterBody,
  type WorkOrderListBody,
  type WorkOrderTransitionBody,
} from '@sbuilding/shared';
import { get, getBlob, post, put } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';

/** Every work-order query starts with this key: a change invalidates the list and the details. */
export const workOrdersKey = ['work-orders'] as const;

const workOrderPageSchema = pageSchema(workOrderSchema);

export function useWorkOrders(filter: WorkOrderListBody, enabled = true) {
  return useQuery({
    queryKey: [...workOrdersKey, 'list', filter],
    queryFn: () => post('/sbuilding/workorder/getList', filter, { schema: workOrderPageSchema }),
    // Paging keeps the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useWorkOrder(id: number | null) {
  return useQuery({
    queryKey: [...workOrdersKey, 'detail', id],
    queryFn: () => get(`/sbuilding/workorder/${id}`, { schema: workOrderDetailSchema }),
    enabled: id !== null,
  });
}

/** Who the project's work orders may be given to (tbAdmin and tbCustomer users of the tenant). */
export function useAssignees(projectId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...workOrdersKey, 'assignees', projectId],
    queryFn: () =>
      get('/sbuilding/workorder/assignees', {
        params: { projectId },
        schema: z.array(workOrderAssigneeSchema),
      }),
    enabled: enabled && projectId !== null,
  });
}

/** The board card's figures of the project (the last 12 months). */
export function useWorkOrderStats(projectId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...workOrdersKey, 'stats', projectId],
    queryFn: () => get('/sbuilding/workorder/stats', { params: { projectId }, schema: workOrderStatsSchema }),
    enabled: enabled && projectId !== null,
  });
}

/** A work-order call that changes something: every work-order query is read again after it. */
export function useInvalidating<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workOrdersKey }),
  });
}

/** Silent: a refused or stale move is answered by the drawer's own message. */
export function useTransitionWorkOrder() {
  return useInvalidating(({ id, body }: { id: number; body: WorkOrderTransitionBody }) =>
    post(`/sbuilding/workorder/transition/${id}`, body, { schema: workOrderDetailSchema, silent: true }),
  );
}

export function useCommentWorkOrder() {
  return useInvalidating(({ id, body }: { id: number; body: WorkOrderCommentBody }) =>
    post(`/sbuilding/workorder/comment/${id}`, body, { schema: workOrderDetailSchema }),
  );
}

export function useAssignWorkOrders() {
  return useInvalidating((body: WorkOrderAssignBody) =>
    post('/sbuilding/workorder/assign', body, { schema: workOrderAssignResultSchema }),
  );
}

/** One click on an alert: its work order (made the first time, the same one after). */
export function useWorkOrderFromAlert() {
  return useInvalidating((alertId: number) =>
    put(`/sbuilding/workorder/fromAlert/${alertId}`, undefined, { schema: workOrderDetailSchema }),
  );
}

/** Writes the work orders of the filter to an .xlsx on the server, then downloads it (the server deletes it). */
export async function exportWorkOrders(filter: WorkOrderFilterBody): Promise<void> {
  const { fileName } = await post('/sbuilding/workorder/export', filter, { schema: exportResultSchema });
  const blob = await getBlob('/common/download', { params: { fileName, delete: true } });
  saveBlob(blob, fileName);
}

export function useExportWorkOrders() {
  return useMutation({ mutationFn: exportWorkOrders });
}
