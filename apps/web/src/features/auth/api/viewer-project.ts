import { z } from 'zod';
import {
  pageSchema,
  PROJECT_LIST_FETCH,
  PROJECT_READ_ROLES,
  PROJECT_WRITE_ROLES,
  STORAGE_KEYS,
} from '@sbuilding/shared';
import { post } from '@/lib/request';
import { getProjectId, writeStored } from '@/lib/storage';

const projectIds = pageSchema(z.object({ id: z.number() }));

/**
 * Who reads projects but has no project guide (that is the tbAdmin's): a customer, a display screen, and the
 * platform administrator, who reads every tenant's projects (issue 34: it landed in none, and 32 of 44 pages
 * said "No project is selected" on a platform with projects).
 */
export function isProjectViewer(roles: readonly string[]): boolean {
  const has = (set: readonly string[]) => roles.some((r) => set.includes(r));
  return roles.includes('admin') || (has(PROJECT_READ_ROLES) && !has(PROJECT_WRITE_ROLES));
}

/**
 * A viewer works in a project at once: its stored choice if it still may see it, else its first project
 * (with several, the navbar's selector switches and the choice is remembered). Silent: without projects
 * the boards say so themselves.
 */
export async function chooseViewerProject(): Promise<void> {
  const page = await post('/sbuilding/project/getList', PROJECT_LIST_FETCH, {
    silent: true,
    schema: projectIds,
  }).catch(() => null);
  const ids = page?.rows.map((p) => String(p.id)) ?? [];
  const stored = getProjectId();
  if (stored !== null && ids.includes(stored)) return;
  writeStored(STORAGE_KEYS.projectId, ids[0] ?? null);
}
