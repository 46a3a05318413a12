import argon2 from 'argon2';

// OWASP's first argon2id recommendation: 46 MiB, 1 pass, 1 lane (bench/argon2-cost.ts).
const OPTIONS = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the same work, so timing does not
 * reveal whether the user exists.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
