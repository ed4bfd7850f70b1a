import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { PcPackRecord, PcPackStore } from '../domain/ports';

type PcPackDocument = Omit<PcPackRecord, 'merchantOrderId'> & { _id: string };

const pcPackSchema = new Schema<PcPackDocument>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true },
    pcs: { type: Number, required: true },
    from: { type: Date, required: true },
    until: { type: Date, required: true },
    days: { type: Number, required: true },
    pricePaise: { type: Number, required: true },
    refunded: { type: Boolean, default: false },
  },
  { versionKey: false },
);
// an account's packs, newest term last
pcPackSchema.index({ accountId: 1, from: 1 });

const toRecord = ({ _id, ...rest }: PcPackDocument): PcPackRecord => ({ merchantOrderId: _id, ...rest, refunded: rest.refunded ?? false });

/** Each pack of extra PCs bought, one document a paid order (its id): inserting it is the credit, once. */
export function pcPackRepository(connection: Connection): PcPackStore & { ready: Promise<unknown> } {
  const PcPack = connection.model<PcPackDocument>('PcPack', pcPackSchema, 'pc_packs');
  return {
    ready: PcPack.init(),
    async insert({ merchantOrderId, ...pack }) {
      try {
        await PcPack.create({ _id: merchantOrderId, ...pack });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    find: async (merchantOrderId) => {
      const found = await PcPack.findOne({ _id: { $eq: merchantOrderId } }).lean<PcPackDocument>();
      return found && toRecord(found);
    },
    forAccount: async (accountId) =>
      (
        await PcPack.find({ accountId: { $eq: accountId } })
          .sort({ from: 1 })
          .lean<PcPackDocument[]>()
      ).map(toRecord),
    async markRefunded(merchantOrderId) {
      await PcPack.updateOne({ _id: { $eq: merchantOrderId } }, { $set: { refunded: true } });
    },
    async deleteForAccount(accountId) {
      await PcPack.deleteMany({ accountId: { $eq: accountId } });
    },
  };
}
