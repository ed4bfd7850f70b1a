import type { Redis } from 'ioredis';
import { rememberedReads } from '@portal/platform';
import { accountGenerations } from '../../shared/data/account-generations';
import type { PendingPayments } from '../../subscriptions';
import type { OrderStore, RenewalProgress, ShownRenewals } from '../domain/ports';

/**
 * What an account's status shows of its orders, remembered by each process until one of them is
 * written: whether a checkout is open (`paymentRequested`) and the Autopay renewal under
 * way. What is remembered of the checkouts is when each expires, so one that lapses stops counting
 * without a write. Every write that can open, settle or move an order (create, update, a renewal's
 * step, the anonymising of a deleted user's) advances the account's generation after writing.
 */
export function rememberedCheckouts<S extends OrderStore>(
  store: S,
  redis: Redis,
  redisPrefix: string,
): S & PendingPayments & ShownRenewals {
  const remembered = rememberedReads<Date[]>(redis);
  const renewals = rememberedReads<RenewalProgress | null>(redis);
  const { keyOf: generationOf, advance: changed } = accountGenerations(redis, redisPrefix, 'checkouts');
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
    async markRenewalStep(merchantOrderId, step, at) {
      const marked = await store.markRenewalStep(merchantOrderId, step, at);
      await changed(marked?.accountId);
      return marked;
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
    shownRenewal: (accountId, merchantSubscriptionId) =>
      renewals.read(generationOf(accountId), `${accountId}:${merchantSubscriptionId}`, async () => {
        const orders = await store.forMandates([merchantSubscriptionId]);
        return orders.find((order) => order.status === 'pending' && order.mandate?.role === 'renewal')?.renewal ?? null;
      }),
  };
}
