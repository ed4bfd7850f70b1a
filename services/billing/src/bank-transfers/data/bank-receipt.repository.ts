import { Schema, type Connection } from 'mongoose';
import { NO_PAISE, sumPaise } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { BankReceiptRecord, BankReceiptStore } from '../domain/ports';

const receiptSchema = new Schema<BankReceiptRecord>(
  {
    utr: { type: String, required: true, unique: true },
    amountPaise: { type: Number, required: true },
    receivedOn: { type: String, required: true },
    bank: { type: String, required: true },
    narration: { type: String, default: '' },
    state: { type: String, enum: ['applied', 'unapplied', 'returned'], required: true },
    reference: { type: String, default: null },
    accountId: { type: String, default: null },
    excessPaise: { type: Number, default: 0 },
    source: { type: String, enum: ['manual', 'statement'], required: true },
    recordedBy: { type: String, required: true },
    recordedAt: { type: Date, required: true },
    note: { type: String, default: null },
  },
  { versionKey: false },
);
receiptSchema.index({ state: 1, recordedAt: -1 });
receiptSchema.index({ recordedAt: -1 });
receiptSchema.index({ accountId: 1 });

const WITHOUT_ID = { _id: 0 } as const;

export function bankReceiptRepository(connection: Connection): BankReceiptStore {
  const Receipt = connection.model<BankReceiptRecord>('BankReceipt', receiptSchema, 'bank_receipts');
  const byUtr = (utr: string) => ({ utr: { $eq: utr } });
  return {
    ready: Receipt.init(),
    async create(receipt) {
      try {
        await Receipt.create(receipt);
        return receipt;
      } catch (error) {
        // the UTR's unique index: the same credit recorded twice, by hand or in two statements
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
    find: (utr) => Receipt.findOne(byUtr(utr), WITHOUT_ID).lean<BankReceiptRecord>(),
    async update(utr, changes) {
      // FerretDB's findAndModify takes no projection
      const updated = await Receipt.findOneAndUpdate(byUtr(utr), { $set: changes }, { returnDocument: 'after' }).lean<
        BankReceiptRecord & { _id: unknown }
      >();
      if (!updated) return null;
      const { _id, ...receipt } = updated;
      return receipt;
    },
    async remove(utr) {
      await Receipt.deleteOne(byUtr(utr));
    },
    list: (state, limit) =>
      Receipt.find(state ? { state: { $eq: state } } : {}, WITHOUT_ID)
        .sort({ recordedAt: -1 })
        .limit(limit)
        .lean<BankReceiptRecord[]>(),
    async excessOf(accountId) {
      const rows = await Receipt.find({ accountId: { $eq: accountId }, excessPaise: { $gt: NO_PAISE } }, { _id: 0, excessPaise: 1 }).lean<
        Pick<BankReceiptRecord, 'excessPaise'>[]
      >();
      return rows.length ? sumPaise(rows.map((row) => row.excessPaise)) : NO_PAISE;
    },
    async detachUser(accountId) {
      return (await Receipt.updateMany({ accountId: { $eq: accountId } }, { $set: { accountId: null } })).modifiedCount;
    },
  };
}
