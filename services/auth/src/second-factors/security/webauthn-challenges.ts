import type { Redis } from 'ioredis';
import type { ChallengeStore } from '../domain/ports';

const TTL_SECONDS = 300;

/** WebAuthn challenges in Redis for five minutes, each taken once (GETDEL), so a response cannot be replayed. */
export function webAuthnChallenges(redis: Redis, prefix: string): ChallengeStore {
  const key = (name: string) => `${prefix}auth:webauthn:${name}`;
  return {
    async put(name, challenge) {
      await redis.set(key(name), challenge, 'EX', TTL_SECONDS);
    },
    take: (name) => redis.getdel(key(name)),
  };
}
