import type { Connection } from 'mongoose';
import type { CreditNoteRecord, CreditNoteStore } from '../domain/ports';
import { numberedDocuments, taxDocumentSchema } from './numbered-documents';

const creditNoteSchema = taxDocumentSchema<CreditNoteRecord>({
  merchantRefundId: { type: String, required: true, unique: true },
  phonepeRefundId: { type: String, default: null },
  bankUtr: { type: String, default: undefined },
  merchantOrderId: { type: String, required: true, index: true },
  invoiceNumber: { type: String, required: true },
  invoiceDate: { type: Date, required: true },
  invoiceTotalPaise: { type: Number, required: true },
  reason: { type: String, required: true },
  kind: { type: String, default: 'refund' },
  financial: { type: Boolean },
});

/** Credit notes: their own gapless series per financial year, one per completed refund or upgraded plan's invoice. */
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
