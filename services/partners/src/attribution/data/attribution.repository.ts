import { Schema, type Connection } from 'mongoose';
import { escapeRegex } from '@portal/platform';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { AttributionRecord, AttributionStore } from '../domain/ports';

interface AttributionDocument extends Omit<AttributionRecord, 'userId'> {
  _id: string;
}

const attributionSchema = new Schema<AttributionDocument>(
  {
    _id: { type: String, required: true },
    partnerId: { type: String, required: true },
    email: { type: String, required: true },
    since: { type: Date, required: true },
    source: { type: String, enum: ['code', 'admin'], required: true },
  },
  { versionKey: false },
);
// a partner's customers, newest first
attributionSchema.index({ partnerId: 1, since: -1 });

const toRecord = ({ _id, partnerId, email, since, source }: AttributionDocument): AttributionRecord => ({
  userId: _id,
  partnerId,
  email,
  since,
  source,
});
const toDocument = ({ userId, ...rest }: AttributionRecord): AttributionDocument => ({ _id: userId, ...rest });

/** Which partner brought each customer: the key is the customer, so no one has two. */
export function attributionRepository(connection: Connection): AttributionStore & { ready: Promise<unknown> } {
  const Attribution = connection.model<AttributionDocument>('Attribution', attributionSchema, 'attributions');
  return {
    ready: Attribution.init(),
    async find(userId) {
      const doc = await Attribution.findById(userId).lean<AttributionDocument>();
      return doc ? toRecord(doc) : null;
    },
    async claim(record) {
      try {
        await Attribution.create(toDocument(record));
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async replace(userId, record) {
      if (!record) {
        await Attribution.deleteOne({ _id: { $eq: userId } });
        return;
      }
      const { _id, ...fields } = toDocument(record);
      await Attribution.updateOne({ _id: { $eq: _id } }, { $set: fields }, { upsert: true });
    },
    async remove(userId) {
      const doc = await Attribution.findOneAndDelete({ _id: { $eq: userId } }).lean<AttributionDocument>();
      return doc ? toRecord(doc) : null;
    },
    async forPartner(partnerId, search, limit) {
      const filter = search
        ? { partnerId: { $eq: partnerId }, email: { $regex: escapeRegex(search.toLowerCase()) } }
        : { partnerId: { $eq: partnerId } };
      return (await Attribution.find(filter).sort({ since: -1 }).limit(limit).lean<AttributionDocument[]>()).map(toRecord);
    },
    async deleteForUser(userId) {
      await Attribution.deleteOne({ _id: { $eq: userId } });
    },
  };
}
