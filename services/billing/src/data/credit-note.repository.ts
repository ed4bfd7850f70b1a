import { Schema, type Connection } from 'mongoose';
import type { CreditNoteRecord, CreditNoteStore } from '../domain/ports';
import { numberedDocuments } from './numbered-documents';

const party = { type: Schema.Types.Mixed, required: true };
const creditNoteSchema = new Schema<CreditNoteRecord>(
  {
    number: { type: String, required: true },
    series: { type: String, required: true },
    sequence: { type: Number, required: true },
    issuedAt: { type: Date, required: true },
    merchantRefundId: { type: String, required: true, unique: true },
    phonepeRefundId: { type: String, default: null },
    merchantOrderId: { type: String, required: true, index: true },
    userId: { type: String, default: null, index: true },
    invoiceNumber: { type: String, required: true },
    invoiceDate: { type: Date, required: true },
    invoiceTotalPaise: { type: Number, required: true },
    reason: { type: String, required: true },
    seller: party,
    buyer: party,
    placeOfSupply: party,
    sac: { type: String, required: true },
    ratePercent: { type: Number, required: true },
    plan: { type: String, required: true },
    billingPeriod: { type: String, required: true },
    totalPaise: { type: Number, required: true },
    taxablePaise: { type: Number, required: true },
    cgstPaise: { type: Number, required: true },
    sgstPaise: { type: Number, required: true },
    igstPaise: { type: Number, required: true },
  },
  { versionKey: false },
);
creditNoteSchema.index({ series: 1, sequence: 1 }, { unique: true });
creditNoteSchema.index({ issuedAt: 1 });

/** Credit notes: their own gapless series per financial year, one per completed refund. */
export function creditNoteRepository(connection: Connection): CreditNoteStore & { ready: Promise<unknown> } {
  const documents = numberedDocuments(
    connection.model<CreditNoteRecord>('CreditNote', creditNoteSchema, 'credit_notes'),
    'merchantRefundId',
  );
  return {
    ready: documents.ready,
    findForRefund: documents.findBy,
    issue: documents.issue,
    forUser: documents.forUser,
    issuedBetween: documents.issuedBetween,
    detachUser: documents.detachUser,
  };
}
