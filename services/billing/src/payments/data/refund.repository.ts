import { Schema, type Connection } from 'mongoose';
import type { RefundRecord, RefundStore } from '../domain/ports';

const refundSchema = new Schema<RefundRecord>(
  {
    merchantRefundId: { type: String, required: true, unique: true },
    merchantOrderId: { type: String, required: true },
    accountId: { type: String, default: null, index: true },
    amountPaise: { type: Number, required: true },
    reason: { type: String, required: true },
    state: { type: String, enum: ['awaiting_details', 'pending', 'completed', 'failed'], default: 'pending' },
    phonepeRefundId: { type: String, default: null },
    requestedBy: { type: String, required: true },
    settledAt: { type: Date, default: null },
    bankUtr: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
refundSchema.index({ state: 1, createdAt: 1 });
// an order's refunds, oldest first
refundSchema.index({ merchantOrderId: 1, createdAt: 1 });

const WITHOUT_ID = { _id: 0 } as const;

export function refundRepository(connection: Connection): RefundStore & { ready: Promise<unknown> } {
  const Refund = connection.model<RefundRecord>('Refund', refundSchema, 'refunds');
  return {
    ready: Refund.init(),
    async create(refund) {
      const { _id: _stored, ...record } = (await Refund.create(refund)).toObject();
      return record;
    },
    find: (merchantRefundId) => Refund.findOne({ merchantRefundId: { $eq: merchantRefundId } }, WITHOUT_ID).lean<RefundRecord>(),
    // a history without orders asks for nothing: most customers' pages, on every visit
    forOrders: (merchantOrderIds) =>
      merchantOrderIds.length
        ? Refund.find({ merchantOrderId: { $in: merchantOrderIds.map(String) } }, WITHOUT_ID)
            .sort({ createdAt: 1 })
            .lean<RefundRecord[]>()
        : Promise.resolve([]),
    async update(merchantRefundId, changes) {
      // FerretDB's findAndModify takes no projection, so the id is dropped here
      const doc = await Refund.findOneAndUpdate(
        { merchantRefundId: { $eq: merchantRefundId } },
        { $set: changes },
        { returnDocument: 'after' },
      ).lean<RefundRecord & { _id: unknown }>();
      if (!doc) return null;
      const { _id: _stored, ...record } = doc;
      return record;
    },
    pending: (olderThan, limit) =>
      Refund.find({ state: 'pending', createdAt: { $lt: olderThan } }, WITHOUT_ID)
        .sort({ createdAt: 1 })
        .limit(limit)
        .lean<RefundRecord[]>(),
    awaitingDetails: (accountId, limit) =>
      Refund.find({ state: 'awaiting_details', ...(accountId !== null && { accountId: { $eq: accountId } }) }, WITHOUT_ID)
        .sort({ createdAt: 1 })
        .limit(limit)
        .lean<RefundRecord[]>(),
    async detachUser(accountId) {
      return (await Refund.updateMany({ accountId: { $eq: accountId } }, { $set: { accountId: null } })).modifiedCount;
    },
  };
}
