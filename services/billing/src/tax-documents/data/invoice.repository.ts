import type { Connection } from 'mongoose';
import type { InvoiceRecord, InvoiceStore } from '../domain/ports';
import { numberedDocuments, taxDocumentSchema, DISCOUNT_FIELD } from './numbered-documents';

const invoiceSchema = taxDocumentSchema<InvoiceRecord>({
  merchantOrderId: { type: String, required: true, unique: true },
  phonePeTransactionId: { type: String, default: null },
  periodFrom: { type: Date, required: true },
  periodTo: { type: Date, required: true },
  creditAppliedPaise: { type: Number, default: undefined },
  seats: { type: Number, default: undefined },
  pcs: { type: Number, default: undefined },
  creditNoteNumbers: { type: [String], default: undefined },
  discount: DISCOUNT_FIELD,
  bankTransfer: {
    type: { proformaNumber: String, tds: { type: { ratePercent: Number, paise: Number }, default: null, _id: false } },
    default: undefined,
    _id: false,
  },
});

export function invoiceRepository(connection: Connection): InvoiceStore & { ready: Promise<unknown> } {
  const documents = numberedDocuments(connection.model<InvoiceRecord>('Invoice', invoiceSchema, 'invoices'), 'merchantOrderId');
  return {
    ready: documents.ready,
    findForOrder: documents.findBy,
    issue: documents.issue,
    forUser: documents.forUser,
    issuedBetween: documents.issuedBetween,
    detachUser: documents.detachUser,
  };
}
