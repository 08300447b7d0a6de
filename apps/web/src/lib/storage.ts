import { STORAGE_KEYS } from '@sbuilding/shared';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can throw (disabled storage, private mode); the console keeps working without it. */
export function readStored(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | number | null | undefined): void {
  try {
    if (value === null || value === undefined || value === '') localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  } catch {
    // Nothing to do: the value only lives for this page.
  }
}

/** The project the console works in; tbAdmin without one is sent to /guide (spec section 2). */
export function getProjectId(): string | null {
  return readStored(STORAGE_KEYS.projectId);
}

/** The project the user works in (the navbar's switch): a positive id, or null (none chosen, or garbage). */
export function currentProjectId(stored: string | null = getProjectId()): number | null {
  const id = Number(stored);
  return stored && Number.isInteger(id) && id > 0 ? id : null;
}

/** Mini-program mode: set by the miniprogram entry query (spec section 2). */
export function isMiniProgram(): boolean {
  return readStored(STORAGE_KEYS.miniprogram) === 'true';
}

/** The mini-program's home page, relaunched by 'Log In Again' (spec section 8). */
export function miniProgramHome(): string {
  const hall = readStored(STORAGE_KEYS.selectHall) ?? '';
  return `/wxProgram?hallId=${encodeURIComponent(hall)}`;
}
