import { Schema, type Connection } from 'mongoose';
import type { PasskeyStore, StoredPasskey } from '../domain/ports';

interface PasskeyDocument extends StoredPasskey {
  adminId: string;
}

const passkeySchema = new Schema<PasskeyDocument>(
  {
    adminId: { type: String, required: true },
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
passkeySchema.index({ adminId: 1, createdAt: 1 });

const toPasskey = ({ credentialId, publicKey, counter, transports, name, createdAt, lastUsedAt }: PasskeyDocument): StoredPasskey => ({
  credentialId,
  publicKey,
  counter,
  transports: transports ?? [],
  name,
  createdAt,
  lastUsedAt: lastUsedAt ?? null,
});

/** The admins' passkeys (issue #49 §1), one document each, so a use is one conditional update. */
export function adminPasskeyRepository(connection: Connection): PasskeyStore & { ready: Promise<unknown> } {
  const Passkey = connection.model<PasskeyDocument>('AdminPasskey', passkeySchema, 'admin_passkeys');
  const own = (adminId: string, credentialId: string) => ({ adminId: { $eq: adminId }, credentialId: { $eq: credentialId } });
  return {
    ready: Passkey.init(),
    async list(adminId) {
      return (
        await Passkey.find({ adminId: { $eq: adminId } })
          .sort({ createdAt: 1 })
          .lean<PasskeyDocument[]>()
      ).map(toPasskey);
    },
    async add(adminId, passkey) {
      await Passkey.create({ ...passkey, adminId });
    },
    async use(adminId, credentialId, previous, counter, at) {
      if (previous > 0 && counter <= previous) return false;
      const result = await Passkey.updateOne(
        { ...own(adminId, credentialId), counter: { $eq: previous } },
        { $set: { counter, lastUsedAt: at } },
      );
      return result.modifiedCount === 1;
    },
    async remove(adminId, credentialId) {
      return (await Passkey.deleteOne(own(adminId, credentialId))).deletedCount === 1;
    },
    async removeAll(adminId) {
      await Passkey.deleteMany({ adminId: { $eq: adminId } });
    },
  };
}
