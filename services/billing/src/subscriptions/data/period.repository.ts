import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { PeriodRecord, PeriodStore } from '../domain/ports';

type PeriodDocument = Omit<PeriodRecord, 'id'> & { _id: string };

const periodSchema = new Schema<PeriodDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true },
    source: { type: String, required: true },
    plan: { type: String, required: true },
    billingPeriod: { type: String, default: null },
    monthlyPricePaise: { type: Number, default: 0 },
    seats: { type: Number, default: 1 },
    from: { type: Date, required: true },
    to: { type: Date, default: null },
    paidFrom: { type: Date, required: true },
    paidDays: { type: Number, default: 0 },
    pricePaise: { type: Number, default: 0 },
    merchantOrderId: { type: String, default: null },
    admin: { type: { email: String, status: String }, default: null, _id: false },
    state: { type: String, default: 'active' },
    credited: { type: { paise: Number, byOrder: String }, default: null, _id: false },
    service: { type: { from: Date, to: Date }, default: undefined, _id: false },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
periodSchema.index({ accountId: 1, createdAt: 1 });

const toRecord = ({ _id, ...rest }: PeriodDocument): PeriodRecord => ({
  id: _id,
  ...rest,
  billingPeriod: rest.billingPeriod ?? null,
  to: rest.to ?? null,
  merchantOrderId: rest.merchantOrderId ?? null,
  admin: rest.admin ?? null,
  credited: rest.credited ?? null,
});

/** The periods of service each customer has had, one document a period. */
export function periodRepository(connection: Connection): PeriodStore & { ready: Promise<unknown> } {
  const Period = connection.model<PeriodDocument>('SubscriptionPeriod', periodSchema, 'subscription_periods');
  return {
    ready: Period.init(),
    async insert({ id, ...period }) {
      try {
        return toRecord((await Period.create({ _id: id, ...period })).toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
    async forUser(accountId) {
      const docs = await Period.find({ accountId: { $eq: accountId } })
        .sort({ createdAt: 1 })
        .lean<PeriodDocument[]>();
      return docs.map(toRecord);
    },
    async update(id, changes) {
      await Period.updateOne({ _id: { $eq: id } }, { $set: changes });
    },
    async deleteForUser(accountId) {
      await Period.deleteMany({ accountId: { $eq: accountId } });
    },
  };
}
