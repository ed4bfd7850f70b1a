import { Schema, type Connection, type mongo } from 'mongoose';
import { DELETED_USER_EMAIL } from '../../shared/data/deleted-user';
import type { TdsRecord, TdsStore } from '../domain/ports';

const tdsSchema = new Schema<TdsRecord>(
  {
    merchantOrderId: { type: String, required: true, unique: true },
    reference: { type: String, required: true, unique: true },
    accountId: { type: String, default: null, index: true },
    customer: { type: String, required: true },
    customerEmail: { type: String, required: true },
    invoiceNumber: { type: String, default: null },
    amountPaise: { type: Number, required: true },
    deductedAt: { type: Date, required: true },
    state: { type: String, enum: ['receivable', 'uploaded', 'credited', 'rejected'], required: true },
    certificate: { type: { pdf: Buffer, uploadedAt: Date }, default: null, _id: false },
    certificateNumber: { type: String, default: null },
    reason: { type: String, default: null },
    decidedBy: { type: String, default: null },
  },
  { versionKey: false },
);
tdsSchema.index({ state: 1, deductedAt: -1 });
tdsSchema.index({ deductedAt: -1 });

/** As a lean read gives it: the certificate's bytes are the driver's Binary, not a Buffer. */
type StoredTds = Omit<TdsRecord, 'certificate'> & { certificate: { pdf: mongo.Binary; uploadedAt: Date } | null };

/** The certificate's bytes stay out of every list. */
const LISTED = { _id: 0, certificate: 0 } as const;
const WITH_UPLOAD = { _id: 0, 'certificate.pdf': 0 } as const;

const withoutBytes = (record: Omit<TdsRecord, 'certificate'> & { certificate?: { uploadedAt?: Date } | null }) => {
  const { certificate, ...rest } = record;
  return { ...rest, uploadedAt: certificate?.uploadedAt ?? null };
};

export function tdsRepository(connection: Connection): TdsStore {
  const Tds = connection.model<TdsRecord>('Tds', tdsSchema, 'tds_certificates');
  const byReference = (reference: string) => ({ reference: { $eq: reference } });
  return {
    ready: Tds.init(),
    async register(record) {
      // the order's unique index keeps it once, whichever credit recorded it first
      await Tds.updateOne({ merchantOrderId: { $eq: record.merchantOrderId } }, { $setOnInsert: record }, { upsert: true });
      return (await Tds.findOne({ merchantOrderId: { $eq: record.merchantOrderId } }, { _id: 0 }).lean<TdsRecord>())!;
    },
    async find(reference) {
      const record = await Tds.findOne(byReference(reference), { _id: 0 }).lean<StoredTds>();
      if (!record) return null;
      const { certificate, ...rest } = record;
      return { ...rest, certificate: certificate && { ...certificate, pdf: Buffer.from(certificate.pdf.buffer) } };
    },
    forReferences: (references) =>
      references.length
        ? Tds.find({ reference: { $in: references } }, LISTED).lean<Omit<TdsRecord, 'certificate'>[]>()
        : Promise.resolve([]),
    async list(state, limit) {
      const rows = await Tds.find(state ? { state: { $eq: state } } : {}, WITH_UPLOAD)
        .sort({ deductedAt: -1 })
        .limit(limit)
        .lean<(Omit<TdsRecord, 'certificate'> & { certificate: { uploadedAt: Date } | null })[]>();
      return rows.map(withoutBytes);
    },
    async update(reference, changes) {
      await Tds.updateOne(byReference(reference), { $set: changes });
    },
    // the tax record stays, as the deductor's certificate must match it; whom to write to goes, as orders' e-mail does
    async detachUser(accountId) {
      const detached = await Tds.updateMany(
        { accountId: { $eq: accountId } },
        { $set: { accountId: null, customerEmail: DELETED_USER_EMAIL } },
      );
      return detached.modifiedCount;
    },
  };
}
