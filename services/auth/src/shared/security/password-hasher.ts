import argon2 from 'argon2';
import type { PasswordHasher } from '../ports';

// OWASP's minimum for argon2id: 19 MiB, two passes, one lane.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const argon2Hasher: PasswordHasher = {
  hash: (password) => argon2.hash(password, OPTIONS),
  verify: async (hash, password) => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
};

/** Compared against when the account does not exist, so both paths cost the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= argon2.hash('decoy-password-for-timing', OPTIONS));
