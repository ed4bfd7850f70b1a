import { Schema, Types, type Connection } from 'mongoose';
import type { PasswordResetStore } from '../domain/ports';

interface PasswordResetDocument {
  tokenHash: string;
  userId: Types.ObjectId;
  expiresAt: Date;
  usedAt: Date | null;
}

const resetSchema = new Schema<PasswordResetDocument>(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);

export function passwordResetRepository(connection: Connection): PasswordResetStore & { ready: Promise<unknown> } {
  const Reset = connection.model<PasswordResetDocument>('PasswordReset', resetSchema, 'password_resets');
  return {
    ready: Reset.init(),
    async create({ tokenHash, userId, expiresAt }) {
      await Reset.create({ tokenHash, userId: new Types.ObjectId(userId), expiresAt });
    },
    async consume(tokenHash, now) {
      // One atomic update: of two concurrent uses of a link, only one finds it unused.
      const claimed = await Reset.findOneAndUpdate(
        { tokenHash: { $eq: tokenHash }, usedAt: null, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
        { returnDocument: 'after' },
      ).lean();
      if (claimed) return { status: 'ok', userId: claimed.userId.toString() };
      const existing = await Reset.findOne({ tokenHash: { $eq: tokenHash } }).lean();
      if (!existing) return { status: 'unknown' };
      return { status: existing.usedAt ? 'used' : 'expired' };
    },
    async deleteForUser(userId) {
      await Reset.deleteMany({ userId: new Types.ObjectId(userId) });
    },
  };
}
