import { useQuery } from '@tanstack/react-query';
import { savingsEvidenceSchema, sceneSavingsSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { scenesKey } from './scenes';

/** The energy each scene of the project saved over the last 30 days (the server's default period). */
export function useSceneSavings(projectId: number | null) {
  return useQuery({
    queryKey: [...scenesKey, 'savings', projectId],
    queryFn: () => post('/sbuilding/scene/savings', { projectId }, { schema: sceneSavingsSchema }),
    enabled: projectId !== null,
  });
}

/** One scene's savings over the last 30 days with their evidence (its detail). */
export function useSceneSavingsEvidence(sceneId: number | null) {
  return useQuery({
    queryKey: [...scenesKey, 'savings', 'evidence', sceneId],
    queryFn: () => post('/sbuilding/scene/savings/evidence', { sceneId }, { schema: savingsEvidenceSchema }),
    enabled: sceneId !== null,
  });
}
