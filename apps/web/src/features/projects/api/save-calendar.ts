import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectCalendarSchema, type ProjectCalendar, type VacationsBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { calendarQueryKey } from './get-calendar';

/** Replaces the year's holidays and extra working days; 409 when `version` is stale. */
export function saveCalendar(body: VacationsBody): Promise<ProjectCalendar> {
  return post('/sbuilding/vacations', body, { schema: projectCalendarSchema });
}

/** Refetches after a failure too, so a 409 reloads the year someone else saved. */
export function useSaveCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalendar,
    onSettled: (_data, _error, body) =>
      queryClient.invalidateQueries({ queryKey: calendarQueryKey(body.projectId) }),
  });
}
