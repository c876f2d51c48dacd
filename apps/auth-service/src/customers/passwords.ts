import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum settings (19 MiB, 2 passes, 1 lane): about 11 ms per hash here. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored argon2id hash. Without a stored hash (no such customer) a dummy hash is
 * verified all the same, so an unknown e-mail costs as much time as a wrong password.
 */
export async function passwordMatches(password: string, storedHash: string | undefined): Promise<boolean> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  const target = storedHash ?? (await dummyHash);
  let matches = false;
  try {
    matches = await verify(target, password);
  } catch {
    matches = false;
  }
  return matches && storedHash !== undefined;
}
