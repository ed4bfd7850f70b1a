import { Schema, type Connection } from 'mongoose';
import { MANDATE_STATES } from '@portal/contracts';
import { rememberedPerOwner } from '@portal/platform';
import type { MandateRecord, MandateStore, ShownMandates } from '../domain/ports';
import { DELETED_USER_EMAIL } from '../../shared/data/deleted-user';
import type { RedisCache } from '../../shared/ports';

const mandateSchema = new Schema<MandateRecord>(
  {
    merchantSubscriptionId: { type: String, required: true, unique: true },
    accountId: { type: String, default: null, index: true },
    userEmail: { type: String, required: true },
    plan: { type: String, required: true },
    billingPeriod: { type: String, required: true },
    amountPaise: { type: Number, required: true },
    seats: { type: Number, default: 1 },
    firm: { type: { id: String, name: String }, default: null, _id: false },
    state: { type: String, enum: MANDATE_STATES, default: 'pending' },
    setupOrderId: { type: String, required: true },
    phonepeSubscriptionId: { type: String, default: null },
    endedReason: { type: String, default: null },
  },
  { timestamps: true, versionKey: false },
);
mandateSchema.index({ state: 1, merchantSubscriptionId: 1 });
mandateSchema.index({ createdAt: -1 });
mandateSchema.index({ state: 1, createdAt: -1 });

const toRecord = ({ _id, ...rest }: MandateRecord & { _id?: unknown }): MandateRecord => ({
  ...rest,
  seats: rest.seats ?? 1,
  firm: rest.firm?.id ? { id: rest.firm.id, name: rest.firm.name } : null,
});

function storedMandates(connection: Connection): MandateStore & { ready: Promise<unknown> } {
  const Mandate = connection.model<MandateRecord>('Mandate', mandateSchema, 'mandates');
  return {
    ready: Mandate.init(),
    async create(mandate) {
      return toRecord((await Mandate.create(mandate)).toObject());
    },
    async find(merchantSubscriptionId) {
      const doc = await Mandate.findOne({ merchantSubscriptionId: { $eq: merchantSubscriptionId } }).lean<MandateRecord>();
      return doc ? toRecord(doc) : null;
    },
    async update(merchantSubscriptionId, changes) {
      const doc = await Mandate.findOneAndUpdate(
        { merchantSubscriptionId: { $eq: merchantSubscriptionId } },
        { $set: changes },
        { returnDocument: 'after' },
      ).lean<MandateRecord>();
      return doc ? toRecord(doc) : null;
    },
    async forUser(accountId) {
      const docs = await Mandate.find({ accountId: { $eq: accountId } })
        .sort({ createdAt: -1 })
        .limit(50)
        .lean<MandateRecord[]>();
      return docs.map(toRecord);
    },
    async active(after, limit) {
      const docs = await Mandate.find({ state: 'active', ...(after ? { merchantSubscriptionId: { $gt: after } } : {}) })
        .sort({ merchantSubscriptionId: 1 })
        .limit(limit)
        .lean<MandateRecord[]>();
      return docs.map(toRecord);
    },
    async list(skip, limit, state) {
      const filter = state ? { state: { $eq: state } } : {};
      const [docs, total] = await Promise.all([
        Mandate.find(filter).sort({ createdAt: -1 }).skip(skip).limit(limit).lean<MandateRecord[]>(),
        // every mandate: the size the server keeps, as the other admin lists count, rather than a scan
        state ? Mandate.countDocuments(filter) : Mandate.estimatedDocumentCount(),
      ]);
      return { rows: docs.map(toRecord), total };
    },
    async detachUser(accountId) {
      const result = await Mandate.updateMany(
        { accountId: { $eq: accountId } },
        { $set: { accountId: null, userEmail: DELETED_USER_EMAIL } },
      );
      return result.modifiedCount;
    },
  };
}

/** UPI Autopay's mandates, with those an account's status shows remembered by every process until one is written (below). */
export function mandateRepository(connection: Connection, cache: RedisCache) {
  return rememberedMandates(storedMandates(connection), cache);
}

/**
 * The mandates an account's status shows, remembered by each process until one of the account's
 * mandates changes: every page of a paid customer asks for them, and they change only
 * through this store, whose every write advances the account's generation. Only the status reads
 * them so; what acts on a mandate (cancelling, renewing) reads the database.
 */
function rememberedMandates<S extends MandateStore>(store: S, { redis, prefix }: RedisCache): S & ShownMandates {
  const remembered = rememberedPerOwner<MandateRecord[]>(redis, (accountId) => `${prefix}billing:mandates:${accountId}:generation`);
  const changed = remembered.changed;
  return {
    ...store,
    async create(mandate) {
      const created = await store.create(mandate);
      await changed(created.accountId);
      return created;
    },
    async update(merchantSubscriptionId, changes) {
      const updated = await store.update(merchantSubscriptionId, changes);
      await changed(updated?.accountId);
      return updated;
    },
    async detachUser(accountId) {
      const detached = await store.detachUser(accountId);
      await changed(accountId);
      return detached;
    },
    shownForUser: (accountId) => remembered.read(accountId, accountId, () => store.forUser(accountId)),
  };
}
