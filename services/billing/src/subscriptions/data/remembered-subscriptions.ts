import type { Redis } from 'ioredis';
import { rememberedReads } from '@portal/platform';
import { accountGenerations } from '../../shared/data/account-generations';
import type { ShownSubscriptions, SubscriptionRecord, SubscriptionStore } from '../domain/ports';

/**
 * An account's subscription as its status shows it, remembered by each process until the account's
 * record is written: every signed-in page asks for the status, and the record changes
 * only through this store (a trial, a payment, a refund, a plan change, an admin's change, a firm's
 * seats, a deletion), whose every write advances the account's generation after writing. The bulk
 * expiry is left out on purpose: the status derives an ended trial or plan from its dates
 * (effectiveStatus), so the sweep's write changes nothing it shows. What acts on a subscription
 * reads the database.
 */
export function rememberedSubscriptions<S extends SubscriptionStore>(store: S, redis: Redis, redisPrefix: string): S & ShownSubscriptions {
  const remembered = rememberedReads<SubscriptionRecord | null>(redis);
  const { keyOf: generationOf, advance: changed } = accountGenerations(redis, redisPrefix, 'subscription');
  return {
    ...store,
    async save(accountId, changes) {
      const saved = await store.save(accountId, changes);
      await changed(accountId);
      return saved;
    },
    async delete(accountId) {
      await store.delete(accountId);
      await changed(accountId);
    },
    async markReminderSent(accountId, reminder) {
      const marked = await store.markReminderSent(accountId, reminder);
      if (marked) await changed(accountId);
      return marked;
    },
    shownFor: (accountId) => remembered.read(generationOf(accountId), accountId, () => store.find(accountId)),
  };
}
