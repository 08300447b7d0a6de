import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type Project, type ProjectCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { invalidateProjectLists } from './list-projects';

export function createProject(body: ProjectCreateBody): Promise<Project> {
  return put('/sbuilding/project/create', body, { schema: projectSchema });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => invalidateProjectLists(queryClient),
  });
}
