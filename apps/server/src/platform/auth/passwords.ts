import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throw-away hash so that an unknown username costs as much time as a wrong password
 * and the two cannot be told apart.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hash('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
