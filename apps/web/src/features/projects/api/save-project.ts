import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type Project, type ProjectSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { invalidateProjectLists } from './list-projects';

export function saveProject({ id, body }: { id: number; body: ProjectSaveBody }): Promise<Project> {
  return post(`/sbuilding/project/save/${id}`, body, { schema: projectSchema });
}

/**
 * Refetches the list after success and after failure too: a 409 means someone saved first, and the
 * table must show their version (the request client has shown the server's message).
 */
export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSettled: () => invalidateProjectLists(queryClient),
  });
}
