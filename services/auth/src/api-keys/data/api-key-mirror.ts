import type { Redis } from 'ioredis';
import { apiKeyEntryKey, apiKeyLastUsedKey, revokedApiKeyKey } from '@portal/platform';
import type { ApiKeyMirror } from '../domain/ports';

/** The keys as every service reads them in Redis: a live key's entry, a revoked one's mark (kept for good). */
export function apiKeyMirror(redis: Redis, prefix: string): ApiKeyMirror {
  return {
    async put(id, entry) {
      await redis.set(apiKeyEntryKey(prefix, id), JSON.stringify(entry));
    },
    async revoke(id) {
      await redis.multi().set(revokedApiKeyKey(prefix, id), '1').del(apiKeyEntryKey(prefix, id)).exec();
    },
    lastUsed: async (ids) => (ids.length ? redis.mget(ids.map((id) => apiKeyLastUsedKey(prefix, id))) : []),
  };
}
