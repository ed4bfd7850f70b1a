import { Schema, type Connection } from 'mongoose';
import type { SingleUseClaims } from '@portal/platform';
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
    firmId: { type: String, default: null },
    intervalSeconds: { type: Number, required: true },
    lastPolledAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/** Grows the polling interval by this much on each slow_down (RFC 8628 §3.5). */
const SLOW_DOWN_STEP_SECONDS = 5;

/**
 * A code is decided once and redeemed once; each is a single-use claim, because a conditional
 * update is not one on FerretDB (two approvals, or eight polls, all found it still open).
 */
export function deviceAuthorizationRepository(
  connection: Connection,
  claims: SingleUseClaims,
): DeviceAuthorizationStore & { ready: Promise<unknown> } {
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
    async decide(userCode, now, decision, deciderId) {
      const pending = await Device.findOne(
        { userCode: { $eq: userCode }, status: 'pending', expiresAt: { $gt: now } },
        { deviceCodeHash: 1 },
      ).lean<Pick<DeviceAuthorization, 'deviceCodeHash'>>();
      if (!pending || !(await claims.claim(`device-decision:${pending.deviceCodeHash}`, deciderId))) return false;
      await Device.updateOne({ deviceCodeHash: { $eq: pending.deviceCodeHash } }, { $set: decision });
      return true;
    },
    async poll(deviceCodeHash, now) {
      const found = await Device.findOne({ deviceCodeHash: { $eq: deviceCodeHash } }).lean<DeviceAuthorization>();
      if (!found) return { kind: 'unknown' };
      if (found.expiresAt <= now) return { kind: 'expired' };
      // a redeemed code is told so at once, however fast it is polled
      if (found.status === 'used') return { kind: 'used' };
      if (found.status === 'approved') {
        if (!(await claims.claim(`device-code:${deviceCodeHash}`, found.userId!))) return { kind: 'used' };
        await Device.updateOne({ deviceCodeHash: { $eq: deviceCodeHash } }, { $set: { status: 'used', lastPolledAt: now } });
        return { kind: 'approved', userId: found.userId!, email: found.email!, deviceName: found.deviceName, firmId: found.firmId ?? null };
      }
      const tooSoon = found.lastPolledAt && now.getTime() - found.lastPolledAt.getTime() < found.intervalSeconds * 1000;
      if (tooSoon) {
        await Device.updateOne(
          { deviceCodeHash: { $eq: deviceCodeHash } },
          { $inc: { intervalSeconds: SLOW_DOWN_STEP_SECONDS }, $set: { lastPolledAt: now } },
        );
        return { kind: 'slow_down' };
      }
      await Device.updateOne({ deviceCodeHash: { $eq: deviceCodeHash } }, { $set: { lastPolledAt: now } });
      return { kind: found.status };
    },
    async deleteForUser(userId) {
      await Device.deleteMany({ userId: { $eq: userId } });
    },
  };
}
