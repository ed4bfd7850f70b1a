import { Schema, type Connection } from 'mongoose';
import type { PasskeyStore, StoredPasskey } from '../domain/ports';

interface PasskeyDocument extends StoredPasskey {
  ownerId: string;
}

const passkeySchema = new Schema<PasskeyDocument>(
  {
    ownerId: { type: String, required: true },
    credentialId: { type: String, required: true, unique: true },
    publicKey: { type: String, required: true },
    counter: { type: Number, required: true },
    transports: { type: [String], default: [] },
    name: { type: String, default: 'Passkey' },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
passkeySchema.index({ ownerId: 1, createdAt: 1 });

const toPasskey = ({ credentialId, publicKey, counter, transports, name, createdAt, lastUsedAt }: PasskeyDocument): StoredPasskey => ({
  credentialId,
  publicKey,
  counter,
  transports: transports ?? [],
  name,
  createdAt,
  lastUsedAt: lastUsedAt ?? null,
});

/**
 * Passkeys, one document each, so a use is one conditional update: the admins' in
 * `admin_passkeys`, the practitioners' in `user_passkeys`, each owned by its admin's or user's id.
 */
export function passkeyRepository(
  connection: Connection,
  { model, collection }: { model: 'AdminPasskey' | 'UserPasskey'; collection: 'admin_passkeys' | 'user_passkeys' },
): PasskeyStore & { ready: Promise<unknown> } {
  const Passkey = connection.model<PasskeyDocument>(model, passkeySchema, collection);
  const own = (ownerId: string, credentialId: string) => ({ ownerId: { $eq: ownerId }, credentialId: { $eq: credentialId } });
  return {
    ready: Passkey.init(),
    async list(ownerId) {
      return (
        await Passkey.find({ ownerId: { $eq: ownerId } })
          .sort({ createdAt: 1 })
          .lean<PasskeyDocument[]>()
      ).map(toPasskey);
    },
    async add(ownerId, passkey) {
      await Passkey.create({ ...passkey, ownerId });
    },
    async use(ownerId, credentialId, previous, counter, at) {
      if (previous > 0 && counter <= previous) return false;
      const result = await Passkey.updateOne(
        { ...own(ownerId, credentialId), counter: { $eq: previous } },
        { $set: { counter, lastUsedAt: at } },
      );
      return result.modifiedCount === 1;
    },
    async remove(ownerId, credentialId) {
      return (await Passkey.deleteOne(own(ownerId, credentialId))).deletedCount === 1;
    },
    async removeAll(ownerId) {
      await Passkey.deleteMany({ ownerId: { $eq: ownerId } });
    },
  };
}
