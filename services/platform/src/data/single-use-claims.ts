import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '../errors/app-errors';

interface ClaimDocument {
  _id: string;
  owner: string;
  claimedAt: Date;
}

const claimSchema = new Schema<ClaimDocument>(
  {
    _id: { type: String, required: true },
    // whose claims they are, so that they go with the account
    owner: { type: String, required: true, index: true },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/**
 * "This happens once": a code redeemed, a link used, a refresh token rotated, an order credited.
 *
 * A claim is an insert under a unique `_id`, which the store itself decides. A conditional
 * `findOneAndUpdate` is not a claim on FerretDB 1.x: it reads, then writes, so several callers can
 * all find the document still unused (docs/decisions/0021). An insert that collides with
 * the `_id` index fails for all callers but one, on FerretDB and MongoDB alike, across connections
 * and instances.
 *
 * Take the claim after checking the durable state and before any effect; give it back only when
 * the work failed before it changed anything.
 */
export interface SingleUseClaims {
  /** True for exactly one caller of each key. */
  claim(key: string, owner: string): Promise<boolean>;
  /** Makes the key claimable again: for work that failed before it had an effect. */
  release(key: string): Promise<void>;
  /** Claims the key and runs `work`; gives the key back if the work fails, so a retry can run it. */
  once<T>(key: string, owner: string, work: () => Promise<T>): Promise<{ claimed: false } | { claimed: true; value: T }>;
  /** Forgets claims that no longer guard anything (their keys are the caller's). */
  forget(keys: string[]): Promise<void>;
  /** The owner's claims go with the owner's account. */
  deleteForUser(owner: string): Promise<void>;
  ready: Promise<unknown>;
}

export function singleUseClaims(connection: Connection): SingleUseClaims {
  const Claim = connection.model<ClaimDocument>('SingleUseClaim', claimSchema, 'single_use_claims');
  async function claim(key: string, owner: string) {
    try {
      await Claim.create({ _id: key, owner, claimedAt: new Date() });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }
  async function release(key: string) {
    await Claim.deleteOne({ _id: { $eq: key } });
  }
  return {
    ready: Claim.init(),
    claim,
    release,
    async once(key, owner, work) {
      if (!(await claim(key, owner))) return { claimed: false };
      try {
        return { claimed: true, value: await work() };
      } catch (error) {
        await release(key);
        throw error;
      }
    },
    async forget(keys) {
      if (keys.length) await Claim.deleteMany({ _id: { $in: keys.map(String) } });
    },
    async deleteForUser(owner) {
      await Claim.deleteMany({ owner: { $eq: owner } });
    },
  };
}
