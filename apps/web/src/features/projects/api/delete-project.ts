import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { STORAGE_KEYS } from '@sbuilding/shared';
import { del } from '@/lib/request';
import { getProjectId, writeStored } from '@/lib/storage';
import { invalidateProjectLists } from './list-projects';

/** 409 project.hasChildren while it holds buildings, work times or calendar days; the client shows it. */
export function deleteProject(id: number): Promise<null> {
  return del(`/sbuilding/project/del/${id}`, { schema: z.null() });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_data, id) => {
      // The console must not keep working in a project that no longer exists.
      if (getProjectId() === String(id)) writeStored(STORAGE_KEYS.projectId, null);
      return invalidateProjectLists(queryClient);
    },
  });
}
