import { getProjectId } from '@/lib/storage';

/** The stored project as a positive id, or null (none chosen, or garbage in storage). */
export function currentProjectId(stored: string | null = getProjectId()): number | null {
  const id = Number(stored);
  return stored && Number.isInteger(id) && id > 0 ? id : null;
}
