import type { Redis } from 'ioredis';
import { profileGenerationKey } from '@portal/contracts/internal';
import { rememberedReads } from '@portal/platform';
import type { UserDirectory, UserProfile } from '../ports';

/**
 * A person's profile from auth's directory, remembered by each process under the generation auth
 * advances after each change of it: the status shows the names on every page, and a
 * call to auth for them cost more than the rest of the status together.
 */
export function rememberedProfiles(directory: UserDirectory, redis: Redis, redisPrefix: string): UserDirectory {
  const remembered = rememberedReads<UserProfile | null>(redis);
  return {
    profile: (userId) => remembered.read(profileGenerationKey(redisPrefix, userId), userId, () => directory.profile(userId)),
  };
}
