import { Schema, type Connection, type Types } from 'mongoose';
import type { DesktopSession, DesktopSessionStore } from '../domain/ports';

type SessionDocument = Omit<DesktopSession, 'id'> & { _id: Types.ObjectId; refreshHash: string };

const sessionSchema = new Schema<SessionDocument>(
  {
    refreshHash: { type: String, required: true, unique: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    deviceName: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// a user's sessions, most recently used first (the desktop-apps list)
sessionSchema.index({ userId: 1, lastUsedAt: -1 });

const toSession = ({ _id, refreshHash: _hash, ...rest }: SessionDocument): DesktopSession => ({ id: _id.toString(), ...rest });

export function desktopSessionRepository(connection: Connection): DesktopSessionStore & { ready: Promise<unknown> } {
  const Session = connection.model<SessionDocument>('DesktopSession', sessionSchema, 'desktop_sessions');
  return {
    ready: Session.init(),
    async create({ now, ...session }) {
      return toSession((await Session.create({ ...session, createdAt: now, lastUsedAt: now })).toObject());
    },
    async rotate(refreshHash, nextHash, now, expiresAt) {
      const rotated = await Session.findOneAndUpdate(
        { refreshHash: { $eq: refreshHash }, expiresAt: { $gt: now } },
        { $set: { refreshHash: nextHash, lastUsedAt: now, expiresAt } },
        { returnDocument: 'after' },
      ).lean<SessionDocument>();
      return rotated ? toSession(rotated) : null;
    },
    async forUser(userId) {
      return (
        await Session.find({ userId: { $eq: userId } })
          .sort({ lastUsedAt: -1 })
          .lean<SessionDocument[]>()
      ).map(toSession);
    },
    async revoke(userId, sessionId) {
      if (!/^[a-f0-9]{24}$/.test(sessionId)) return false;
      return (await Session.deleteOne({ _id: { $eq: sessionId }, userId: { $eq: userId } })).deletedCount === 1;
    },
    async deleteForUser(userId) {
      await Session.deleteMany({ userId: { $eq: userId } });
    },
  };
}
