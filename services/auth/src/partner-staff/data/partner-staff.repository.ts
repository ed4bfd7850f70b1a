import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { PartnerStaffStore, StaffMember } from '../domain/ports';

interface StaffDocument {
  /** The person's user id: one partner at a time. */
  _id: string;
  partnerId: string;
  email: string;
  addedAt: Date;
}

const staffSchema = new Schema<StaffDocument>(
  {
    _id: { type: String, required: true },
    partnerId: { type: String, required: true },
    email: { type: String, required: true },
    addedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const toMember = (doc: StaffDocument): StaffMember => ({
  userId: doc._id,
  partnerId: doc.partnerId,
  email: doc.email,
  addedAt: doc.addedAt,
});

/** Who is on a partner's staff: the role auth gives a person, read when they ask for a partner token. */
export function partnerStaffRepository(connection: Connection): PartnerStaffStore & { ready: Promise<unknown> } {
  const Staff = connection.model<StaffDocument>('PartnerStaff', staffSchema, 'partner_staff');
  return {
    ready: Staff.init(),
    async find(userId) {
      const doc = await Staff.findById(userId).lean<StaffDocument>();
      return doc ? toMember(doc) : null;
    },
    async add(member) {
      try {
        await Staff.create({ _id: member.userId, partnerId: member.partnerId, email: member.email, addedAt: member.addedAt });
        return toMember({ _id: member.userId, ...member });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const doc = await Staff.findById(member.userId).lean<StaffDocument>();
        return doc ? toMember(doc) : null;
      }
    },
    async remove(userId, partnerId) {
      return (await Staff.deleteOne({ _id: { $eq: userId }, partnerId: { $eq: partnerId } })).deletedCount === 1;
    },
    async deleteForUser(userId) {
      await Staff.deleteOne({ _id: { $eq: userId } });
    },
  };
}
