import { Schema, type Connection } from 'mongoose';
import type { ProformaRecord, ProformaStore } from '../domain/ports';
import { numberedDocuments, taxDocumentSchema, DISCOUNT_FIELD } from './numbered-documents';

const proformaSchema = taxDocumentSchema<ProformaRecord>({
  merchantOrderId: { type: String, required: true, unique: true },
  seats: { type: Number, default: undefined },
  validUntil: { type: Date, required: true },
  bank: { type: Schema.Types.Mixed, required: true },
  tds: { type: { ratePercent: Number, paise: Number }, default: null, _id: false },
  discount: DISCOUNT_FIELD,
});

/** Pro-formas, numbered in their own series, one per order. */
export function proformaRepository(connection: Connection): ProformaStore & { ready: Promise<unknown> } {
  const model = connection.model<ProformaRecord>('Proforma', proformaSchema, 'proformas');
  const documents = numberedDocuments(model, 'merchantOrderId');
  return {
    forOrders: (merchantOrderIds) =>
      merchantOrderIds.length
        ? model.find({ merchantOrderId: { $in: merchantOrderIds } }, { _id: 0 }).lean<ProformaRecord[]>()
        : Promise.resolve([]),
    ready: documents.ready,
    findForOrder: documents.findBy,
    issue: documents.issue,
    forUser: documents.forUser,
    detachUser: documents.detachUser,
  };
}
