import type { Redis } from 'ioredis';
import { rememberedReads } from '@portal/platform';
import type { PendingPayments } from '../../subscriptions';
import type { OrderStore } from '../domain/ports';

/**
 * Whether an account has a checkout open, as its status shows it (`paymentRequested`), remembered
 * by each process until one of the account's orders is written (issue #52). What is remembered is
 * when each open checkout expires, so one that lapses stops counting without a write. Every write
 * that can open, settle or move an order (create, update, the anonymising of a deleted user's)
 * advances the account's generation after writing.
 */
export function rememberedCheckouts<S extends OrderStore>(store: S, redis: Redis, redisPrefix: string): S & PendingPayments {
  const remembered = rememberedReads<Date[]>(redis);
  const generationOf = (accountId: string) => `${redisPrefix}billing:checkouts:${accountId}:generation`;
  const changed = async (accountId: string | null | undefined) => {
    if (accountId) await remembered.changed(generationOf(accountId));
  };
  return {
    ...store,
    async create(order) {
      const created = await store.create(order);
      await changed(created.accountId);
      return created;
    },
    async update(merchantOrderId, changes) {
      const updated = await store.update(merchantOrderId, changes);
      await changed(updated?.accountId);
      return updated;
    },
    async anonymiseUser(accountId) {
      const anonymised = await store.anonymiseUser(accountId);
      await changed(accountId);
      return anonymised;
    },
    async hasPending(accountId, now) {
      const expiries = await remembered.read(generationOf(accountId), accountId, () => store.checkoutExpiries(accountId, now));
      return expiries.some((expireAt) => expireAt > now);
    },
  };
}
