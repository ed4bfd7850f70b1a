import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { StatementRecord, StatementStore } from '../domain/ports';

type StatementDocument = StatementRecord & { _id: string };

const statementSchema = new Schema<StatementDocument>(
  {
    _id: { type: String, required: true },
    partnerId: { type: String, required: true },
    month: { type: String, required: true },
    issuedAt: { type: Date, required: true },
    partner: { type: { legalName: String, gstin: String, pan: String }, required: true, _id: false },
    lines: { type: Number, required: true },
    commissionPaise: { type: Number, required: true },
    broughtForwardPaise: { type: Number, required: true },
    gstPaise: { type: Number, required: true },
    tdsPaise: { type: Number, required: true },
    payablePaise: { type: Number, required: true },
    carriedForwardPaise: { type: Number, required: true },
    payout: { type: { utr: String, paidOn: String, recordedBy: String, recordedAt: Date }, default: null, _id: false },
  },
  { versionKey: false },
);
statementSchema.index({ partnerId: 1, month: -1 });

const key = (partnerId: string, month: string) => `${partnerId}:${month}`;
const toRecord = ({ _id: _key, ...doc }: StatementDocument): StatementRecord => ({
  ...doc,
  partner: { legalName: doc.partner.legalName, gstin: doc.partner.gstin ?? null, pan: doc.partner.pan },
  payout: doc.payout ?? null,
});

/** A partner's monthly statements: issued once for a month, then only their payout is recorded. */
export function statementRepository(connection: Connection): StatementStore & { ready: Promise<unknown> } {
  const Statement = connection.model<StatementDocument>('Statement', statementSchema, 'statements');
  return {
    ready: Statement.init(),
    async issue(statement) {
      try {
        await Statement.create({ _id: key(statement.partnerId, statement.month), ...statement });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async find(partnerId, month) {
      const doc = await Statement.findById(key(partnerId, month)).lean<StatementDocument>();
      return doc ? toRecord(doc) : null;
    },
    async forPartner(partnerId) {
      return (
        await Statement.find({ partnerId: { $eq: partnerId } })
          .sort({ month: -1 })
          .limit(120)
          .lean<StatementDocument[]>()
      ).map(toRecord);
    },
    async last(partnerId) {
      const doc = await Statement.findOne({ partnerId: { $eq: partnerId } })
        .sort({ month: -1 })
        .lean<StatementDocument>();
      return doc ? toRecord(doc) : null;
    },
    async recordPayout(partnerId, month, payout) {
      const doc = await Statement.findOneAndUpdate(
        { _id: { $eq: key(partnerId, month) }, payout: null },
        { $set: { payout } },
        { returnDocument: 'after' },
      ).lean<StatementDocument>();
      return doc ? toRecord(doc) : null;
    },
  };
}
