import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectCalendarSchema, type ProjectCalendar } from '@sbuilding/shared';
import { get } from '@/lib/request';

export function getCalendar(projectId: number, year: number): Promise<ProjectCalendar> {
  return get(`/sbuilding/vacations/${projectId}`, { params: { year }, schema: projectCalendarSchema });
}

export const calendarQueryKey = (projectId: number) => ['projects', 'calendar', projectId] as const;

export function calendarQueryOptions(projectId: number, year: number) {
  return queryOptions({
    queryKey: [...calendarQueryKey(projectId), year],
    queryFn: () => getCalendar(projectId, year),
  });
}

export function useCalendar(projectId: number, year: number) {
  return useQuery(calendarQueryOptions(projectId, year));
}
