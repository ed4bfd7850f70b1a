import type { Redis } from 'ioredis';
import { profileGenerationKey } from '@portal/contracts/internal';
import { advanceGeneration } from '@portal/platform';
import type { UserStore } from '../../shared/ports';

/**
 * The user store, advancing a person's profile generation after each change of what the directory
 * shows of them (names, picture, details with the age, their creation and deletion): billing remembers a
 * profile under it between status calls.
 */
export function withProfileGenerations<S extends UserStore>(users: S, redis: Redis, redisPrefix: string): S {
  const changed = (userId: string) => advanceGeneration(redis, profileGenerationKey(redisPrefix, userId));
  return {
    ...users,
    async create(user) {
      const created = await users.create(user);
      if (created) await changed(created.id);
      return created;
    },
    async markGoogleUser(userId, picture) {
      const marked = await users.markGoogleUser(userId, picture);
      await changed(userId);
      return marked;
    },
    async updateProfile(id, changes) {
      const updated = await users.updateProfile(id, changes);
      await changed(id);
      return updated;
    },
    async recordConsent(id, consent, age) {
      const recorded = await users.recordConsent(id, consent, age);
      await changed(id); // an age given with it is one of the details shown
      return recorded;
    },
    async delete(id) {
      const deleted = await users.delete(id);
      await changed(id);
      return deleted;
    },
  };
}
