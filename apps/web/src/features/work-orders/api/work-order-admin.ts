import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  maintenancePlanSchema,
  workOrderSettingsSchema,
  type MaintenancePlanCreateBody,
  type MaintenancePlanSaveBody,
  type WorkOrderSettingsBody,
} from '@sbuilding/shared';
import { del, get, post, put } from '@/lib/request';
import { useInvalidating, workOrdersKey } from './work-orders';

/** The project's service levels and automatic rule (the defaults until saved once). */
export function useWorkOrderSettings(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...workOrdersKey, 'settings', projectId],
    queryFn: () =>
      get('/sbuilding/workorder/settings', { params: { projectId }, schema: workOrderSettingsSchema }),
    enabled,
  });
}

/** The project's maintenance plans with their next run. */
export function useMaintenancePlans(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...workOrdersKey, 'plans', projectId],
    queryFn: () =>
      post('/sbuilding/workorder/plan/getList', { projectId }, { schema: z.array(maintenancePlanSchema) }),
    enabled,
  });
}

/** Silent: a stale save (409) is answered by the form's own message, and the settings are read again. */
export function useSaveWorkOrderSettings() {
  return useInvalidating((body: WorkOrderSettingsBody) =>
    post('/sbuilding/workorder/settings', body, { schema: workOrderSettingsSchema, silent: true }),
  );
}

export function useCreatePlan() {
  return useInvalidating((body: MaintenancePlanCreateBody) =>
    put('/sbuilding/workorder/plan/create', body, { schema: maintenancePlanSchema }),
  );
}

/** Silent like the settings: a plan someone else changed meanwhile (409) is read again. */
export function useSavePlan() {
  return useInvalidating(({ id, body }: { id: number; body: MaintenancePlanSaveBody }) =>
    post(`/sbuilding/workorder/plan/save/${id}`, body, { schema: maintenancePlanSchema, silent: true }),
  );
}

export function useDeletePlan() {
  return useInvalidating((id: number) => del(`/sbuilding/workorder/plan/del/${id}`, { schema: z.null() }));
}
