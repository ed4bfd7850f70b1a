import type { Model } from 'mongoose';

/** Serialises work on one key across instances (withRedisLock bound to a connection). */
export type KeyLock = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/**
 * Keeps the newest state of each record another service publishes, in a local read model: a state
 * is written only over an older revision, under a lock on its id, so that a redelivered or
 * out-of-order event never overwrites a newer one (a conditional upsert is not atomic on FerretDB 1.x).
 * Returns whether the state was written.
 */
export function revisionedState<T extends { _id: string; revision: number }>(model: Model<T>, lock: KeyLock, lockPrefix: string) {
  return async (state: T): Promise<boolean> =>
    lock(`${lockPrefix}:${state._id}`, async () => {
      const stored = await model.findById(state._id, { revision: 1 }).lean<{ revision: number }>();
      if (stored && stored.revision >= state.revision) return false;
      await model.replaceOne({ _id: { $eq: state._id } }, state, { upsert: true });
      return true;
    });
}
