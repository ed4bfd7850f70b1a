import type { Redis } from 'ioredis';
import { rememberedReads } from '@portal/platform';
import { accountGenerations } from '../../shared/data/account-generations';
import type { MandateRecord, MandateStore, ShownMandates } from '../domain/ports';

/**
 * The mandates an account's status shows, remembered by each process until one of the account's
 * mandates changes: every page of a paid customer asks for them, and they change only
 * through this store, whose every write advances the account's generation. Only the status reads
 * them so; what acts on a mandate (cancelling, renewing) reads the database.
 */
export function rememberedMandates<S extends MandateStore>(store: S, redis: Redis, redisPrefix: string): S & ShownMandates {
  const remembered = rememberedReads<MandateRecord[]>(redis);
  const { keyOf: generationOf, advance: changed } = accountGenerations(redis, redisPrefix, 'mandates');
  return {
    ...store,
    async create(mandate) {
      const created = await store.create(mandate);
      await changed(created.accountId);
      return created;
    },
    async update(merchantSubscriptionId, changes) {
      const updated = await store.update(merchantSubscriptionId, changes);
      await changed(updated?.accountId);
      return updated;
    },
    async detachUser(accountId) {
      const detached = await store.detachUser(accountId);
      await changed(accountId);
      return detached;
    },
    shownForUser: (accountId) => remembered.read(generationOf(accountId), accountId, () => store.forUser(accountId)),
  };
}
