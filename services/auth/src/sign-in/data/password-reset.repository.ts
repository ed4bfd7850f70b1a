import { Schema, Types, type Connection } from 'mongoose';
import type { SingleUseClaims } from '@portal/platform';
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

export function passwordResetRepository(connection: Connection, claims: SingleUseClaims): PasswordResetStore & { ready: Promise<unknown> } {
  const Reset = connection.model<PasswordResetDocument>('PasswordReset', resetSchema, 'password_resets');
  return {
    ready: Reset.init(),
    async create({ tokenHash, userId, expiresAt }) {
      await Reset.create({ tokenHash, userId: new Types.ObjectId(userId), expiresAt });
    },
    async status(tokenHash, now) {
      const existing = await Reset.findOne({ tokenHash: { $eq: tokenHash } }).lean();
      if (!existing) return 'unknown';
      if (existing.usedAt) return 'used';
      return existing.expiresAt <= now ? 'expired' : 'ok';
    },
    async consume(tokenHash, now) {
      const existing = await Reset.findOne({ tokenHash: { $eq: tokenHash } }).lean();
      if (!existing) return { status: 'unknown' };
      if (existing.usedAt) return { status: 'used' };
      if (existing.expiresAt <= now) return { status: 'expired' };
      // of several uses of a link at the same moment, one claims it; the others find it used
      const userId = existing.userId.toString();
      if (!(await claims.claim(`password-reset:${tokenHash}`, userId))) return { status: 'used' };
      await Reset.updateOne({ tokenHash: { $eq: tokenHash } }, { $set: { usedAt: now } });
      return { status: 'ok', userId };
    },
    async deleteForUser(userId) {
      await Reset.deleteMany({ userId: new Types.ObjectId(userId) });
    },
  };
}
