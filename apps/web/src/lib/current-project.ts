import { useState } from 'react';
import { currentProjectId } from './storage';

/**
 * The project the user works in (the navbar's switch), or null: read once, since switching project reloads the
 * page. Pages read it here and nowhere else (a lint rule keeps `currentProjectId` to lib/).
 */
export function useCurrentProject(): number | null {
  const [projectId] = useState(currentProjectId);
  return projectId;
}
