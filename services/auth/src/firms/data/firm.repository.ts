import { Schema, Types, type Connection } from 'mongoose';
import { FIRM_ROLES, INVITABLE_ROLES, isObjectId } from '@portal/contracts';
import { isDuplicateKeyError, type SingleUseClaims } from '@portal/platform';
import type { FirmRecord, FirmStore, InvitationRecord, MembershipRecord } from '../domain/ports';

interface FirmDocument {
  _id: Types.ObjectId;
  name: string;
  ownerId: string;
  requireSecondFactor?: boolean;
  createdAt: Date;
}

/**
 * A membership's `_id` is its seat, `<firmId>:<seat number>`, and a person is in a firm once (a
 * unique key): taking a seat is one insert, which the store refuses when the seat is taken. The
 * embedded store's conditional updates are not atomic, its unique keys are.
 */
type MembershipDocument = MembershipRecord & { _id: string };

interface InvitationDocument extends Omit<InvitationRecord, 'id'> {
  _id: Types.ObjectId;
}

const firmSchema = new Schema<FirmDocument>(
  {
    name: { type: String, required: true },
    ownerId: { type: String, required: true },
    requireSecondFactor: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const membershipSchema = new Schema<MembershipDocument>(
  {
    _id: String,
    firmId: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    email: { type: String, required: true },
    name: { type: String, default: '' },
    role: { type: String, enum: FIRM_ROLES, required: true },
    joinedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
membershipSchema.index({ firmId: 1, userId: 1 }, { unique: true });

const invitationSchema = new Schema<InvitationDocument>(
  {
    firmId: { type: String, required: true },
    email: { type: String, required: true },
    role: { type: String, enum: INVITABLE_ROLES, required: true },
    tokenHash: { type: String, required: true, unique: true },
    invitedBy: { type: String, required: true },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
/** A deleted firm's id, kept so that a replay of the firms' states tells billing it is gone too. */
const tombstoneSchema = new Schema<{ _id: string; deletedAt: Date }>(
  { _id: String, deletedAt: { type: Date, required: true } },
  { versionKey: false },
);

// a firm's invitations, newest first (the members' page)
invitationSchema.index({ firmId: 1, createdAt: -1 });

const toFirm = ({ _id, requireSecondFactor, ...rest }: FirmDocument): FirmRecord => ({
  id: _id.toString(),
  ...rest,
  requireSecondFactor: Boolean(requireSecondFactor),
});
const toMembership = ({ _id, ...rest }: MembershipDocument): MembershipRecord => ({ ...rest, seat: Number(_id.split(':')[1]) });
const toInvitation = ({ _id, ...rest }: InvitationDocument): InvitationRecord => ({ id: _id.toString(), ...rest });
const seatId = (firmId: string, seat: number) => `${firmId}:${seat}`;
const invitationClaim = (invitationId: string) => `firm-invitation:${invitationId}`;

export function firmRepository(connection: Connection, claims: SingleUseClaims): FirmStore & { ready: Promise<unknown> } {
  const Firm = connection.model<FirmDocument>('Firm', firmSchema, 'firms');
  const Membership = connection.model<MembershipDocument>('FirmMembership', membershipSchema, 'firm_memberships');
  const Invitation = connection.model<InvitationDocument>('FirmInvitation', invitationSchema, 'firm_invitations');
  const Tombstone = connection.model('FirmTombstone', tombstoneSchema, 'firm_tombstones');
  const byMember = (firmId: string, userId: string) => ({ firmId: { $eq: firmId }, userId: { $eq: userId } });

  return {
    ready: Promise.all([Firm.init(), Membership.init(), Invitation.init(), Tombstone.init()]),

    async create({ name, owner, now }) {
      const firm = await Firm.create({ name, ownerId: owner.userId, createdAt: now });
      const firmId = firm._id.toString();
      await Membership.create({ _id: seatId(firmId, 0), firmId, ...owner, role: 'owner', joinedAt: now });
      return toFirm(firm.toObject());
    },
    async find(firmId) {
      if (!isObjectId(firmId)) return null;
      const doc = await Firm.findById(firmId).lean<FirmDocument>();
      return doc ? toFirm(doc) : null;
    },
    async findMany(firmIds) {
      const ids = firmIds.filter(isObjectId).map((id) => new Types.ObjectId(id));
      return (await Firm.find({ _id: { $in: ids } }).lean<FirmDocument[]>()).map(toFirm);
    },
    async page(skip, limit) {
      // by _id, which orders as the creation does: the embedded store pages it on its index
      const [docs, total] = await Promise.all([
        Firm.find({}).sort({ _id: -1 }).skip(skip).limit(limit).lean<FirmDocument[]>(),
        Firm.estimatedDocumentCount(),
      ]);
      return { firms: docs.map(toFirm), total };
    },
    async membershipsOfMany(userIds) {
      const docs = await Membership.find({ userId: { $in: userIds.filter(isObjectId) } }).lean<MembershipDocument[]>();
      return docs.map(toMembership);
    },
    async membersOfMany(firmIds) {
      const docs = await Membership.find({ firmId: { $in: firmIds.filter(isObjectId) } }).lean<MembershipDocument[]>();
      return docs.map(toMembership);
    },
    async rename(firmId, name) {
      await Firm.updateOne({ _id: new Types.ObjectId(firmId) }, { $set: { name } });
    },
    async setSecondFactorRule(firmId, required) {
      await Firm.updateOne({ _id: new Types.ObjectId(firmId) }, { $set: { requireSecondFactor: required } });
    },
    async setOwner(firmId, ownerId) {
      await Firm.updateOne({ _id: new Types.ObjectId(firmId) }, { $set: { ownerId } });
    },
    async delete(firmId) {
      const invitations = await Invitation.find({ firmId: { $eq: firmId } }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
      await claims.forget(invitations.map(({ _id }) => invitationClaim(_id.toString())));
      await Invitation.deleteMany({ firmId: { $eq: firmId } });
      await Membership.deleteMany({ firmId: { $eq: firmId } });
      await Firm.deleteOne({ _id: new Types.ObjectId(firmId) });
      await Tombstone.updateOne({ _id: { $eq: firmId } }, { $setOnInsert: { deletedAt: new Date() } }, { upsert: true });
    },
    async idsAfter(after, limit) {
      const docs = await Firm.find(after ? { _id: { $gt: new Types.ObjectId(after) } } : {}, { _id: 1 })
        .sort({ _id: 1 })
        .limit(limit)
        .lean<{ _id: Types.ObjectId }[]>();
      return docs.map(({ _id }) => _id.toString());
    },
    async deletedIdsAfter(after, limit) {
      const docs = await Tombstone.find(after ? { _id: { $gt: after } } : {}, { _id: 1 })
        .sort({ _id: 1 })
        .limit(limit)
        .lean<{ _id: string }[]>();
      return docs.map(({ _id }) => _id);
    },

    async membership(firmId, userId) {
      const doc = await Membership.findOne(byMember(firmId, userId)).lean<MembershipDocument>();
      return doc ? toMembership(doc) : null;
    },
    async membershipsOf(userId) {
      return (await Membership.find({ userId: { $eq: userId } }).lean<MembershipDocument[]>()).map(toMembership);
    },
    async members(firmId) {
      const docs = await Membership.find({ firmId: { $eq: firmId } }).lean<MembershipDocument[]>();
      return docs.map(toMembership).sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
    },
    countMembers: (firmId) => Membership.countDocuments({ firmId: { $eq: firmId } }),
    async claimSeat(member, seats, now) {
      for (let seat = 0; seat < seats; seat++) {
        try {
          await Membership.create({ _id: seatId(member.firmId, seat), ...member, joinedAt: now });
          return 'joined';
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          // the seat is someone's, or this person is in the firm already
          if (await Membership.exists(byMember(member.firmId, member.userId))) return 'member';
        }
      }
      return 'full';
    },
    async removeMember(firmId, userId) {
      const { deletedCount } = await Membership.deleteOne(byMember(firmId, userId));
      return deletedCount === 1;
    },
    async setRole(firmId, userId, role) {
      const { matchedCount } = await Membership.updateOne(byMember(firmId, userId), { $set: { role } });
      return matchedCount === 1;
    },

    async createInvitation(invitation) {
      return toInvitation((await Invitation.create({ ...invitation, status: 'pending' })).toObject());
    },
    async findInvitation(firmId, invitationId) {
      if (!isObjectId(invitationId)) return null;
      const doc = await Invitation.findOne({ _id: new Types.ObjectId(invitationId), firmId: { $eq: firmId } }).lean<InvitationDocument>();
      return doc ? toInvitation(doc) : null;
    },
    async findInvitationByHash(tokenHash) {
      const doc = await Invitation.findOne({ tokenHash: { $eq: tokenHash } }).lean<InvitationDocument>();
      return doc ? toInvitation(doc) : null;
    },
    async pendingInvitations(firmId, now) {
      const docs = await Invitation.find({ firmId: { $eq: firmId }, status: 'pending', expiresAt: { $gt: now } })
        .sort({ createdAt: -1 })
        .lean<InvitationDocument[]>();
      return docs.map(toInvitation);
    },
    async closeInvitation(invitationId, status) {
      // an acceptance and a revocation at the same moment: the first to claim the link decides
      if (!(await claims.claim(invitationClaim(invitationId), 'firm-invitation'))) return false;
      await Invitation.updateOne({ _id: new Types.ObjectId(invitationId) }, { $set: { status } });
      return true;
    },
    async reopenInvitation(invitationId) {
      await Invitation.updateOne({ _id: new Types.ObjectId(invitationId) }, { $set: { status: 'pending' } });
      await claims.release(invitationClaim(invitationId));
    },
  };
}
