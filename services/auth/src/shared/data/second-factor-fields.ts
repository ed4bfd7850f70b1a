import { Types, type mongo } from 'mongoose';
import type { SecondFactorState, SecondFactorStore } from '../ports';

/** As stored on an admin or a user: the authenticator, the secret being enrolled, the recovery codes' hashes. */
export interface SecondFactorDocument {
  totp?: { sealedSecret: string; lastStep: number } | null;
  pendingTotp?: string | null;
  recoveryCodeHashes?: string[];
}

export const secondFactorFields = {
  totp: { type: { sealedSecret: String, lastStep: Number, _id: false }, default: null },
  pendingTotp: { type: String, default: null },
  recoveryCodeHashes: { type: [String], default: [] },
};

export const toSecondFactorState = (doc: SecondFactorDocument): SecondFactorState => ({
  totp: doc.totp?.sealedSecret ? { sealedSecret: doc.totp.sealedSecret, lastStep: doc.totp.lastStep } : null,
  pendingTotp: doc.pendingTotp ?? null,
  recoveryCodeHashes: doc.recoveryCodeHashes ?? [],
});

/**
 * The second factor's writes, each one conditional update, so that a code's step or a recovery code
 * is used once however many requests carry it. On the driver's collection: the schema adds nothing to them.
 */
export function secondFactorWrites(collection: mongo.Collection<SecondFactorDocument>): SecondFactorStore {
  const byId = (id: string) => ({ _id: { $eq: new Types.ObjectId(id) } });
  return {
    async setPendingTotp(id, sealedSecret) {
      await collection.updateOne(byId(id), { $set: { pendingTotp: sealedSecret } });
    },
    async confirmTotp(id, sealedSecret, step, recoveryCodeHashes) {
      const result = await collection.updateOne(
        { ...byId(id), pendingTotp: { $eq: sealedSecret }, totp: { $eq: null } },
        { $set: { totp: { sealedSecret, lastStep: step }, pendingTotp: null, recoveryCodeHashes } },
      );
      return result.modifiedCount === 1;
    },
    async useTotpStep(id, step) {
      const result = await collection.updateOne({ ...byId(id), 'totp.lastStep': { $lt: step } }, { $set: { 'totp.lastStep': step } });
      return result.modifiedCount === 1;
    },
    async useRecoveryCode(id, hash) {
      const doc = await collection.findOneAndUpdate(
        { ...byId(id), recoveryCodeHashes: { $eq: hash } },
        { $pull: { recoveryCodeHashes: hash } },
        { returnDocument: 'after' },
      );
      return doc ? (doc.recoveryCodeHashes ?? []).length : null;
    },
    async resetSecondFactor(id) {
      await collection.updateOne(byId(id), { $set: { totp: null, pendingTotp: null, recoveryCodeHashes: [] } });
    },
  };
}
