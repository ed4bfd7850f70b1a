import type { Redis } from 'ioredis';
import { advanceGeneration } from '@portal/platform';

/**
 * Each account's generation of one kind of remembered read (rememberedReads): the key a read is
 * remembered under, and its advance after a write of the account's records, none for a write that
 * found no account (an order of a deleted user).
 */
export function accountGenerations(redis: Redis, redisPrefix: string, kind: 'subscription' | 'checkouts' | 'mandates') {
  const keyOf = (accountId: string) => `${redisPrefix}billing:${kind}:${accountId}:generation`;
  return {
    keyOf,
    async advance(accountId: string | null | undefined): Promise<void> {
      if (accountId) await advanceGeneration(redis, keyOf(accountId));
    },
  };
}
