import { Schema, Types, type Connection } from 'mongoose';
import { isObjectId, PARTNER_TIERS } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { PartnerRecord, PartnerStore } from '../domain/ports';

type PartnerDocument = Omit<PartnerRecord, 'id'> & { _id: Types.ObjectId };

const partnerSchema = new Schema<PartnerDocument>(
  {
    code: { type: String, required: true, unique: true },
    legalName: { type: String, required: true },
    gstin: { type: String, default: null },
    pan: { type: String, required: true },
    bank: { type: { accountName: String, accountNumber: String, ifsc: String }, required: true, _id: false },
    tier: { type: String, enum: PARTNER_TIERS, required: true },
    status: { type: String, enum: ['active', 'suspended'], default: 'active' },
    staff: { type: [{ userId: String, email: String, addedAt: Date }], default: [], _id: false },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
partnerSchema.index({ createdAt: -1 });

const toRecord = ({ _id, ...doc }: PartnerDocument): PartnerRecord => ({
  ...doc,
  id: _id.toString(),
  staff: (doc.staff ?? []).map(({ userId, email, addedAt }) => ({ userId, email, addedAt })),
});

export function partnerRepository(connection: Connection): PartnerStore & { ready: Promise<unknown> } {
  const Partner = connection.model<PartnerDocument>('Partner', partnerSchema, 'partners');
  const change = async (id: string, update: object) => {
    if (!isObjectId(id)) return null;
    const doc = await Partner.findOneAndUpdate({ _id: { $eq: new Types.ObjectId(id) } }, update, {
      returnDocument: 'after',
    }).lean<PartnerDocument>();
    return doc ? toRecord(doc) : null;
  };
  return {
    ready: Partner.init(),
    async create(partner) {
      try {
        return toRecord((await Partner.create({ ...partner, status: 'active', staff: [] })).toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
    async find(id) {
      if (!isObjectId(id)) return null;
      const doc = await Partner.findById(id).lean<PartnerDocument>();
      return doc ? toRecord(doc) : null;
    },
    async findByCode(code) {
      const doc = await Partner.findOne({ code: { $eq: code } }).lean<PartnerDocument>();
      return doc ? toRecord(doc) : null;
    },
    async list() {
      // a vendor's dealers are tens, perhaps hundreds
      return (await Partner.find().sort({ createdAt: -1 }).limit(1000).lean<PartnerDocument[]>()).map(toRecord);
    },
    update: (id, changes) => change(id, { $set: changes }),
    addStaff: (id, member) => change(id, { $push: { staff: member } }),
    removeStaff: (id, userId) => change(id, { $pull: { staff: { userId } } }),
  };
}
