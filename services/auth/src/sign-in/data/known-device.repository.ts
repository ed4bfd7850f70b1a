import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform';
import type { KnownDeviceStore } from '../domain/ports';

interface KnownDeviceDocument {
  userId: string;
  /** The hash of the browser's device cookie: the cookie alone cannot be read back from here. */
  deviceHash: string;
  userAgent: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

const knownDeviceSchema = new Schema<KnownDeviceDocument>(
  {
    userId: { type: String, required: true },
    deviceHash: { type: String, required: true },
    userAgent: { type: String, default: null },
    firstSeenAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
  },
  { versionKey: false },
);
knownDeviceSchema.index({ userId: 1, deviceHash: 1 }, { unique: true });

/** The browsers each person has signed in from, for the new-device e-mail. */
export function knownDeviceRepository(connection: Connection): KnownDeviceStore & { ready: Promise<unknown> } {
  const KnownDevice = connection.model<KnownDeviceDocument>('KnownDevice', knownDeviceSchema, 'known_devices');
  return {
    ready: KnownDevice.init(),
    // one command for a browser seen before, the common case: an upsert that says whether it inserted
    async remember(userId, deviceHash, at, userAgent) {
      const filter = { userId: { $eq: userId }, deviceHash: { $eq: deviceHash } };
      const update = { $set: { lastSeenAt: at }, $setOnInsert: { userAgent, firstSeenAt: at } };
      try {
        const result = await KnownDevice.collection.findOneAndUpdate(filter, update, { upsert: true, includeResultMetadata: true });
        return !result.lastErrorObject?.updatedExisting;
      } catch (error) {
        // two sign-ins of one new browser at once: the other one inserted it
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    hasOthers: async (userId, deviceHash) =>
      (await KnownDevice.exists({ userId: { $eq: userId }, deviceHash: { $ne: deviceHash } })) !== null,
    async deleteForUser(userId) {
      await KnownDevice.deleteMany({ userId: { $eq: userId } });
    },
  };
}
