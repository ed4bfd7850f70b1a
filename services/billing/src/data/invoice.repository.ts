import { Schema, type Connection } from 'mongoose';
import type { InvoiceRecord, InvoiceStore } from '../domain/ports';
import { numberedDocuments } from './numbered-documents';

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
invoiceSchema.index({ series: 1, sequence: 1 }, { unique: true });
invoiceSchema.index({ issuedAt: 1 });

export function invoiceRepository(connection: Connection): InvoiceStore & { ready: Promise<unknown> } {
  const documents = numberedDocuments(connection.model<InvoiceDocument>('Invoice', invoiceSchema, 'invoices'), 'merchantOrderId');
  return {
    ready: documents.ready,
    findForOrder: documents.findBy,
    issue: documents.issue,
    forUser: documents.forUser,
    issuedBetween: documents.issuedBetween,
    detachUser: documents.detachUser,
  };
}
