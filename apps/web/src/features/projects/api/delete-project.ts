import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { projectsQueryKey } from './list-projects';

/** 409 project.hasChildren while it holds buildings, work times or calendar days; the client shows it. */
export function deleteProject(id: number): Promise<null> {
  return del(`/sbuilding/project/del/${id}`, { schema: z.null() });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
