import { Schema, type Connection } from 'mongoose';
import { FIRM_ROLES, type FirmRole } from '@portal/contracts';
import type { FirmMembersChangedEvent } from '@portal/contracts/internal';
import type { Redis } from 'ioredis';
import { rememberedReads, revisionedState, type KeyLock } from '@portal/platform';
import type { FirmDirectory, RedisCache } from '../ports';

type FirmDocument = Omit<FirmMembersChangedEvent, 'firmId'> & { _id: string };

const firmSchema = new Schema<FirmDocument>(
  {
    _id: String,
    revision: { type: Number, required: true },
    deleted: { type: Boolean, required: true },
    name: { type: String, default: '' },
    managedBy: { type: String, default: '' },
    members: [
      {
        _id: false,
        userId: { type: String, required: true },
        role: { type: String, enum: FIRM_ROLES, required: true },
        seat: { type: Number, required: true },
      },
    ],
  },
  { versionKey: false },
);
// a person's firms, for the plan they draw on as a member
firmSchema.index({ 'members.userId': 1 });

/**
 * billing's read model of auth's firms: the newest `firm.members-changed` of each firm.
 * The guards of a firm's billing, a member's status and the licence check read it here, so no call
 * to auth remains on those paths.
 */
function storedFirmDirectory(
  connection: Connection,
  lock: KeyLock,
): FirmDirectory & {
  ready: Promise<unknown>;
  apply(event: FirmMembersChangedEvent): Promise<boolean>;
  isFirm(accountId: string): Promise<boolean>;
  idsAfter(after: string | null, limit: number): Promise<string[]>;
} {
  const Firm = connection.model<FirmDocument>('FirmDirectory', firmSchema, 'firm_directory');
  const write = revisionedState(Firm, lock, 'firm-directory');
  const live = { deleted: false };
  return {
    ready: Firm.init(),
    apply: ({ firmId, ...state }) => write({ _id: firmId, ...state }),
    async isFirm(accountId) {
      return (await Firm.exists({ _id: { $eq: accountId }, ...live })) !== null;
    },
    async idsAfter(after, limit) {
      const docs = await Firm.find({ ...live, ...(after ? { _id: { $gt: after } } : {}) }, { _id: 1 })
        .sort({ _id: 1 })
        .limit(limit)
        .lean<{ _id: string }[]>();
      return docs.map(({ _id }) => _id);
    },
    async membership(firmId, userId) {
      const firm = await Firm.findOne({ _id: { $eq: firmId }, ...live }, { name: 1, members: 1 }).lean<FirmDocument>();
      const member = firm?.members.find((candidate) => candidate.userId === userId);
      if (!firm || !member) return null;
      return { firm: { id: firmId, name: firm.name }, role: member.role as FirmRole, members: firm.members.length };
    },
    async ownerOf(firmId) {
      const firm = await Firm.findOne({ _id: { $eq: firmId }, ...live }, { members: 1 }).lean<FirmDocument>();
      return firm?.members.find((member) => member.role === 'owner')?.userId ?? null;
    },
    async firmsOf(userId) {
      const firms = await Firm.find({ 'members.userId': { $eq: userId }, ...live }).lean<FirmDocument[]>();
      return firms.flatMap(({ _id, name, managedBy, members }) => {
        const member = members.find((candidate) => candidate.userId === userId);
        return member ? [{ id: _id, name, managedBy, role: member.role as FirmRole, seat: member.seat }] : [];
      });
    },
  };
}

/**
 * Auth's firms as billing knows them from auth's events, with each person's firms remembered by
 * every process until an event is applied (below).
 */
export function firmDirectoryRepository(connection: Connection, lock: KeyLock, { redis, prefix }: RedisCache) {
  return rememberedFirms(storedFirmDirectory(connection, lock), redis, `${prefix}billing:firm-directory:generation`);
}

type Firms = Awaited<ReturnType<FirmDirectory['firmsOf']>>;

/**
 * A person's firms, remembered by each process until the directory changes: the status
 * of everyone without a plan of their own asks for them on every page, and the directory changes
 * only when one of auth's events is applied, which advances one generation for all of it.
 */
function rememberedFirms<D extends FirmDirectory & { apply(event: FirmMembersChangedEvent): Promise<boolean> }>(
  directory: D,
  redis: Redis,
  generationKey: string,
): D {
  const remembered = rememberedReads<Firms>(redis);
  return {
    ...directory,
    async apply(event) {
      const applied = await directory.apply(event);
      await remembered.changed(generationKey);
      return applied;
    },
    firmsOf: (userId) => remembered.read(generationKey, userId, () => directory.firmsOf(userId)),
  };
}
