import { Schema, type Connection } from 'mongoose';
import type { ActivationRecord, ActivationStore } from '../domain/ports';

const activationSchema = new Schema<ActivationRecord>(
  {
    userId: { type: String, required: true },
    deviceId: { type: String, required: true },
    deviceName: { type: String, required: true },
    os: { type: String, required: true },
    appVersion: { type: String, required: true },
    active: { type: Boolean, required: true },
    activatedAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    firmId: { type: String, default: null },
    keyThumbprint: { type: String, default: null },
    fileLicenceJti: { type: String, default: null },
  },
  { versionKey: false },
);
activationSchema.index({ userId: 1, deviceId: 1 }, { unique: true });
// a user's active devices in the order they were activated
activationSchema.index({ userId: 1, activatedAt: 1 });
// a firm's machines, for the packs of extra PCs its people share
activationSchema.index({ firmId: 1, active: 1 });

const WITHOUT_ID = { _id: 0 } as const;

/** One record per user and machine; deactivating keeps it, so activating again is an update. */
export function activationRepository(connection: Connection): ActivationStore & { ready: Promise<unknown> } {
  const Activation = connection.model<ActivationRecord>('Activation', activationSchema, 'activations');
  const key = (userId: string, deviceId: string) => ({ userId: { $eq: userId }, deviceId: { $eq: deviceId } });
  return {
    ready: Activation.init(),
    find: (userId, deviceId) => Activation.findOne(key(userId, deviceId), WITHOUT_ID).lean<ActivationRecord>(),
    active: (userId) =>
      Activation.find({ userId: { $eq: userId }, active: true }, WITHOUT_ID)
        .sort({ activatedAt: 1 })
        .lean<ActivationRecord[]>(),
    activeOnFirm: (firmId) => Activation.find({ firmId: { $eq: firmId }, active: true }, WITHOUT_ID).lean<ActivationRecord[]>(),
    async save(record) {
      await Activation.replaceOne(key(record.userId, record.deviceId), record, { upsert: true });
      return record;
    },
    async deactivate(userId, deviceId) {
      const result = await Activation.updateOne({ ...key(userId, deviceId), active: true }, { $set: { active: false } });
      return result.modifiedCount === 1;
    },
    async deleteForUser(userId) {
      await Activation.deleteMany({ userId: { $eq: userId } });
    },
  };
}
