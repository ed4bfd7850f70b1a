import { Schema, type Connection, type Types } from 'mongoose';
import type { SingleUseClaims } from '@portal/platform';
import type { DesktopSession, DesktopSessionStore } from '../domain/ports';

type SessionDocument = Omit<DesktopSession, 'id'> & {
  _id: Types.ObjectId;
  refreshHash: string;
  /** How many times the refresh token was swapped: each swap is claimed once, by its number. */
  generation?: number;
  /** The latest swapped-out tokens' hashes, to know a reused one from a forged one. */
  retiredHashes?: string[];
};

/** A token reused after this many later swaps is no longer recognised as this session's (it is refused all the same). */
export const RETIRED_TOKENS_KEPT = 50;

const sessionSchema = new Schema<SessionDocument>(
  {
    refreshHash: { type: String, required: true, unique: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    deviceName: { type: String, required: true },
    firmId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    generation: { type: Number, default: 0 },
    retiredHashes: { type: [String], default: [] },
  },
  { versionKey: false },
);
// a user's sessions, most recently used first (the desktop-apps list)
sessionSchema.index({ userId: 1, lastUsedAt: -1 });

const toSession = ({
  _id,
  refreshHash: _hash,
  generation: _generation,
  retiredHashes: _retired,
  ...rest
}: SessionDocument): DesktopSession => ({
  id: _id.toString(),
  ...rest,
  firmId: rest.firmId ?? null,
});
const OBJECT_ID = /^[a-f0-9]{24}$/;
const swapKey = (sessionId: string, generation: number) => `desktop-refresh:${sessionId}:${generation}`;

export function desktopSessionRepository(
  connection: Connection,
  claims: SingleUseClaims,
): DesktopSessionStore & { ready: Promise<unknown> } {
  const Session = connection.model<SessionDocument>('DesktopSession', sessionSchema, 'desktop_sessions');
  return {
    ready: Session.init(),
    async create({ now, ...session }) {
      return toSession((await Session.create({ ...session, createdAt: now, lastUsedAt: now })).toObject());
    },
    async rotate(presented, next, now) {
      const { sessionId, refreshHash } = presented;
      const found = await (
        sessionId ? Session.findById(sessionId) : Session.findOne({ refreshHash: { $eq: refreshHash } })
      ).lean<SessionDocument>();
      if (!found) return { kind: 'unknown' };
      if (found.refreshHash !== refreshHash) {
        return (found.retiredHashes ?? []).includes(refreshHash) ? { kind: 'reused', session: toSession(found) } : { kind: 'unknown' };
      }
      if (found.expiresAt <= now) return { kind: 'unknown' };
      const generation = found.generation ?? 0;
      if (!(await claims.claim(swapKey(found._id.toString(), generation), found.userId))) return { kind: 'raced' };
      const rotated = await Session.findByIdAndUpdate(
        found._id,
        {
          $set: { refreshHash: next.refreshHash, generation: generation + 1, lastUsedAt: now, expiresAt: next.expiresAt },
          $push: { retiredHashes: { $each: [refreshHash], $slice: -RETIRED_TOKENS_KEPT } },
        },
        { returnDocument: 'after' },
      ).lean<SessionDocument>();
      // The swap before this one no longer needs its claim: a request for it would have to have read
      // the session two swaps ago and waited since.
      if (generation > 0) await claims.forget([swapKey(found._id.toString(), generation - 1)]);
      return rotated ? { kind: 'rotated', session: toSession(rotated) } : { kind: 'unknown' };
    },
    async forUser(userId) {
      return (
        await Session.find({ userId: { $eq: userId } })
          .sort({ lastUsedAt: -1 })
          .lean<SessionDocument[]>()
      ).map(toSession);
    },
    async revoke(userId, sessionId) {
      if (!OBJECT_ID.test(sessionId)) return false;
      return (await Session.deleteOne({ _id: { $eq: sessionId }, userId: { $eq: userId } })).deletedCount === 1;
    },
    async deleteForUser(userId) {
      await Session.deleteMany({ userId: { $eq: userId } });
    },
  };
}
