import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { DeviceAuthorization, DeviceAuthorizationStore } from '../domain/ports';

const deviceSchema = new Schema<DeviceAuthorization>(
  {
    deviceCodeHash: { type: String, required: true, unique: true },
    userCode: { type: String, required: true, index: true },
    deviceName: { type: String, required: true },
    status: { type: String, enum: ['pending', 'approved', 'denied', 'used'], default: 'pending' },
    userId: { type: String, default: null, index: true },
    email: { type: String, default: null },
    intervalSeconds: { type: Number, required: true },
    lastPolledAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** Grows the polling interval by this much on each slow_down (RFC 8628 §3.5). */
const SLOW_DOWN_STEP_SECONDS = 5;

export function deviceAuthorizationRepository(connection: Connection): DeviceAuthorizationStore & { ready: Promise<unknown> } {
  const Device = connection.model<DeviceAuthorization>('DeviceAuthorization', deviceSchema, 'device_authorizations');
  return {
    ready: Device.init(),
    async create(authorization) {
      try {
        await Device.create(authorization);
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    findPending: (userCode, now) =>
      Device.findOne({ userCode: { $eq: userCode }, status: 'pending', expiresAt: { $gt: now } }, { _id: 0 }).lean<DeviceAuthorization>(),
    async decide(userCode, now, decision) {
      const decided = await Device.findOneAndUpdate(
        { userCode: { $eq: userCode }, status: 'pending', expiresAt: { $gt: now } },
        { $set: decision },
      ).lean();
      return decided !== null;
    },
    async poll(deviceCodeHash, now) {
      const found = await Device.findOne({ deviceCodeHash: { $eq: deviceCodeHash } }).lean<DeviceAuthorization>();
      if (!found) return { kind: 'unknown' };
      if (found.expiresAt <= now) return { kind: 'expired' };
      const tooSoon = found.lastPolledAt && now.getTime() - found.lastPolledAt.getTime() < found.intervalSeconds * 1000;
      if (tooSoon) {
        await Device.updateOne(
          { deviceCodeHash: { $eq: deviceCodeHash } },
          { $inc: { intervalSeconds: SLOW_DOWN_STEP_SECONDS }, $set: { lastPolledAt: now } },
        );
        return { kind: 'slow_down' };
      }
      if (found.status === 'approved') {
        // Handed out once: of two polls at the same moment, one finds it approved.
        const taken = await Device.findOneAndUpdate(
          { deviceCodeHash: { $eq: deviceCodeHash }, status: 'approved' },
          { $set: { status: 'used', lastPolledAt: now } },
        ).lean<DeviceAuthorization>();
        return taken ? { kind: 'approved', userId: taken.userId!, email: taken.email!, deviceName: taken.deviceName } : { kind: 'used' };
      }
      await Device.updateOne({ deviceCodeHash: { $eq: deviceCodeHash } }, { $set: { lastPolledAt: now } });
      return { kind: found.status === 'pending' ? 'pending' : found.status === 'denied' ? 'denied' : 'used' };
    },
    async deleteForUser(userId) {
      await Device.deleteMany({ userId: { $eq: userId } });
    },
  };
}
