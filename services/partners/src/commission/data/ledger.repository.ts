import { Schema, type Connection } from 'mongoose';
import { COMMISSION_KINDS } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { LedgerLine, LedgerStore } from '../domain/ports';

type LineDocument = Omit<LedgerLine, 'id'> & { _id: string };

const lineSchema = new Schema<LineDocument>(
  {
    _id: { type: String, required: true },
    partnerId: { type: String, required: true },
    customerId: { type: String, required: true },
    customerEmail: { type: String, required: true },
    merchantOrderId: { type: String, required: true },
    kind: { type: String, enum: [...COMMISSION_KINDS, 'refund'], required: true },
    basePaise: { type: Number, required: true },
    ratePercent: { type: Number, default: null },
    commissionPaise: { type: Number, required: true },
    paidPaise: { type: Number, required: true },
    at: { type: Date, required: true },
    month: { type: String, required: true },
    statement: { type: String, default: null },
  },
  { versionKey: false },
);
// a partner's ledger, newest first; what its next statement counts
lineSchema.index({ partnerId: 1, at: -1 });
lineSchema.index({ partnerId: 1, statement: 1, month: 1 });

const toLine = ({ _id, ...doc }: LineDocument): LedgerLine => ({
  ...doc,
  id: _id,
  ratePercent: doc.ratePercent ?? null,
  statement: doc.statement ?? null,
});

/** The commission ledger: a line per paid order and per refund, never changed once a statement counts it. */
export function ledgerRepository(connection: Connection): LedgerStore & { ready: Promise<unknown> } {
  const Line = connection.model<LineDocument>('LedgerLine', lineSchema, 'ledger_lines');
  const forStatement = async (partnerId: string, month: string) =>
    (
      await Line.find({ partnerId: { $eq: partnerId }, statement: { $eq: month } })
        .sort({ at: 1 })
        .lean<LineDocument[]>()
    ).map(toLine);
  return {
    ready: Line.init(),
    async record({ id, ...line }) {
      try {
        await Line.create({ _id: id, ...line });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async find(id) {
      const doc = await Line.findById(id).lean<LineDocument>();
      return doc ? toLine(doc) : null;
    },
    async forPartner(partnerId, limit) {
      return (
        await Line.find({ partnerId: { $eq: partnerId } })
          .sort({ at: -1 })
          .limit(limit)
          .lean<LineDocument[]>()
      ).map(toLine);
    },
    async claimFor(partnerId, month) {
      await Line.updateMany({ partnerId: { $eq: partnerId }, statement: null, month: { $lte: month } }, { $set: { statement: month } });
      return forStatement(partnerId, month);
    },
    forStatement,
    async firstUncounted(partnerId) {
      const doc = await Line.findOne({ partnerId: { $eq: partnerId }, statement: null })
        .sort({ month: 1 })
        .lean<LineDocument>();
      return doc?.month ?? null;
    },
    async detachUser(userId) {
      // the lines are the partner's accounts and stay; the person's e-mail goes with them
      await Line.updateMany({ customerId: { $eq: userId } }, { $set: { customerEmail: 'deleted account' } });
    },
  };
}
