import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { InvoiceRecord, InvoiceStore } from '../domain/ports';

type InvoiceDocument = InvoiceRecord;

const party = { type: Schema.Types.Mixed, required: true };
const invoiceSchema = new Schema<InvoiceDocument>(
  {
    number: { type: String, required: true },
    series: { type: String, required: true },
    sequence: { type: Number, required: true },
    issuedAt: { type: Date, required: true },
    merchantOrderId: { type: String, required: true, unique: true },
    userId: { type: String, default: null, index: true },
    phonePeTransactionId: { type: String, default: null },
    seller: party,
    buyer: party,
    placeOfSupply: party,
    sac: { type: String, required: true },
    ratePercent: { type: Number, required: true },
    plan: { type: String, required: true },
    billingPeriod: { type: String, required: true },
    periodFrom: { type: Date, required: true },
    periodTo: { type: Date, required: true },
    totalPaise: { type: Number, required: true },
    taxablePaise: { type: Number, required: true },
    cgstPaise: { type: Number, required: true },
    sgstPaise: { type: Number, required: true },
    igstPaise: { type: Number, required: true },
  },
  { versionKey: false },
);
// The series' numbers are unique in the database itself: that, not a lock, is what makes them
// gapless and duplicate-free across billing replicas.
invoiceSchema.index({ series: 1, sequence: 1 }, { unique: true });

const WITHOUT_ID = { _id: 0 } as const;
/** Each round loses only to an invoice that took the number; 50 payments at once need far fewer. */
const MAX_ROUNDS = 200;

export function invoiceRepository(connection: Connection): InvoiceStore & { ready: Promise<unknown> } {
  const Invoice = connection.model<InvoiceDocument>('Invoice', invoiceSchema, 'invoices');
  const findForOrder = (merchantOrderId: string) =>
    Invoice.findOne({ merchantOrderId: { $eq: merchantOrderId } }, WITHOUT_ID).lean<InvoiceRecord>();

  return {
    ready: Invoice.init(),
    findForOrder,
    async issue(draft, series, numberOf) {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const existing = await findForOrder(draft.merchantOrderId);
        if (existing) return existing;
        const last = await Invoice.findOne({ series: { $eq: series } }, { sequence: 1 })
          .sort({ sequence: -1 })
          .lean<{ sequence: number }>();
        const sequence = (last?.sequence ?? 0) + 1;
        try {
          const created = await Invoice.create({ ...draft, series, sequence, number: numberOf(sequence) });
          const { _id: _stored, ...record } = created.toObject();
          return record;
        } catch (error) {
          // Another payment took this number (or this order got its invoice): look again.
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      throw new Error(`no free number in invoice series ${series} after ${MAX_ROUNDS} rounds`);
    },
    async forUser(userId) {
      return Invoice.find({ userId: { $eq: userId } }, WITHOUT_ID)
        .sort({ issuedAt: -1 })
        .lean<InvoiceRecord[]>();
    },
    async detachUser(userId) {
      const result = await Invoice.updateMany({ userId: { $eq: userId } }, { $set: { userId: null } });
      return result.modifiedCount;
    },
  };
}
