import { Schema, type Connection } from 'mongoose';
import type { DeviceMoveRecord, DeviceMoveStore } from '../domain/ports';

const moveSchema = new Schema<DeviceMoveRecord>(
  {
    userId: { type: String, required: true },
    firmId: { type: String, default: null },
    kind: { type: String, enum: ['move', 'grant'], required: true },
    deviceId: { type: String, default: null },
    by: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
// a seat's moves in the rolling year, oldest first
moveSchema.index({ userId: 1, firmId: 1, at: 1 });

const WITHOUT_ID = { _id: 0 } as const;

export function deviceMoveRepository(connection: Connection): DeviceMoveStore & { ready: Promise<unknown> } {
  const Move = connection.model<DeviceMoveRecord>('DeviceMove', moveSchema, 'device_moves');
  return {
    ready: Move.init(),
    async record(move) {
      await Move.create(move);
    },
    since: (userId, firmId, since) =>
      Move.find({ userId: { $eq: userId }, firmId: { $eq: firmId }, at: { $gt: since } }, WITHOUT_ID)
        .sort({ at: 1 })
        .lean<DeviceMoveRecord[]>(),
    async deleteForUser(userId) {
      await Move.deleteMany({ userId: { $eq: userId } });
    },
  };
}
