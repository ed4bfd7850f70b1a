import { Schema, type Connection, type Types } from 'mongoose';
import { TRANSACTION_STATUSES, NO_PAISE, sumPaise, type Paise } from '@portal/contracts';
import { escapeRegex, firstIdAt, idMadeAt, rememberedPerOwner } from '@portal/platform';
import { DELETED_USER_EMAIL } from '../../shared/data/deleted-user';
import { newestRow } from '../../shared/data/newest-row';
import type { OrderPromotion, OrderRecord, OrderStore, RenewalProgress, ShownRenewals } from '../domain/ports';
import type { RedisCache } from '../../shared/ports';
import type { PendingPayments } from '../../subscriptions';

type OrderDocument = Omit<OrderRecord, 'id'> & { _id: Types.ObjectId };

const orderSchema = new Schema<OrderDocument>(
  {
    merchantOrderId: { type: String, required: true, unique: true },
    accountId: { type: String, default: null, index: true },
    userEmail: { type: String, required: true },
    plan: { type: String, required: true },
    billingPeriod: { type: String, required: true },
    taxYears: { type: Number, default: null },
    seats: { type: Number, default: 1 },
    firm: { type: { id: String, name: String }, default: null, _id: false },
    amountPaise: { type: Number, required: true },
    status: { type: String, enum: TRANSACTION_STATUSES, default: 'pending' },
    credited: { type: Boolean, default: false },
    phonepeOrderId: { type: String, default: null },
    phonePeTransactionId: { type: String, default: null },
    expireAt: { type: Date, required: true },
    completedAt: { type: Date, default: null },
    invoiceNumber: { type: String, default: null },
    taxablePaise: { type: Number, default: null },
    taxPaise: { type: Number, default: null },
    refundedPaise: { type: Number, default: 0 },
    refundPending: { type: Boolean, default: false },
    refundAwaitingDetails: { type: Boolean, default: false },
    change: { type: Schema.Types.Mixed, default: null },
    changeCreditedPaise: { type: Number, default: 0 },
    pcPack: { type: { pcs: Number, until: Date, days: Number }, default: null, _id: false },
    mandate: { type: { merchantSubscriptionId: String, role: String }, default: null, _id: false },
    renewal: { type: { dueAt: Date, noticeSentAt: Date, redeemRequestedAt: Date }, default: null, _id: false },
    promotion: { type: Schema.Types.Mixed, default: null },
    method: { type: String, enum: ['phonepe', 'bank_transfer'], default: 'phonepe' },
    bankTransfer: {
      type: {
        proformaNumber: String,
        reference: String,
        receivedPaise: Number,
        tds: { type: { ratePercent: Number, paise: Number }, default: null, _id: false },
      },
      default: null,
      _id: false,
    },
  },
  { timestamps: { createdAt: true, updatedAt: true }, versionKey: false },
);
orderSchema.index({ createdAt: -1 });
orderSchema.index({ status: 1, createdAt: 1 });
orderSchema.index({ 'mandate.merchantSubscriptionId': 1, createdAt: -1 }, { sparse: true });
orderSchema.index({ 'bankTransfer.reference': 1 }, { sparse: true });
// the bank transfers waiting for money, and those past their validity
orderSchema.index({ method: 1, status: 1, expireAt: 1 });

/** A discount stored before referral credits and codes for several periods was a code's, for one period. */
const promotionOf = (stored: Partial<OrderPromotion> | null | undefined): OrderPromotion | null =>
  stored?.listPricePaise === undefined
    ? null
    : ({ ...stored, kind: stored.kind ?? 'code', period: stored.period ?? null } as OrderPromotion);

// Orders stored before invoices and refunds existed have none of their fields.
const toRecord = ({ _id, ...rest }: OrderDocument): OrderRecord => ({
  id: _id.toString(),
  ...rest,
  taxYears: rest.taxYears ?? null,
  seats: rest.seats ?? 1,
  firm: rest.firm?.id ? { id: rest.firm.id, name: rest.firm.name } : null,
  invoiceNumber: rest.invoiceNumber ?? null,
  taxablePaise: rest.taxablePaise ?? null,
  taxPaise: rest.taxPaise ?? null,
  refundedPaise: rest.refundedPaise ?? 0,
  refundPending: rest.refundPending ?? false,
  refundAwaitingDetails: rest.refundAwaitingDetails ?? false,
  change: rest.change ?? null,
  changeCreditedPaise: rest.changeCreditedPaise ?? 0,
  pcPack: rest.pcPack?.pcs ? rest.pcPack : null,
  mandate: rest.mandate?.merchantSubscriptionId ? rest.mandate : null,
  promotion: promotionOf(rest.promotion),
  method: rest.method ?? 'phonepe',
  bankTransfer: rest.bankTransfer
    ? {
        proformaNumber: rest.bankTransfer.proformaNumber ?? null,
        reference: rest.bankTransfer.reference ?? null,
        receivedPaise: rest.bankTransfer.receivedPaise ?? NO_PAISE,
        tds: rest.bankTransfer.tds?.paise ? rest.bankTransfer.tds : null,
      }
    : null,
  renewal: rest.renewal?.dueAt
    ? {
        dueAt: rest.renewal.dueAt,
        noticeSentAt: rest.renewal.noticeSentAt ?? null,
        redeemRequestedAt: rest.renewal.redeemRequestedAt ?? null,
      }
    : null,
});

function storedOrders(connection: Connection): OrderStore & { ready: Promise<unknown> } {
  const Order = connection.model<OrderDocument>('Order', orderSchema, 'transactions');
  const rangeFilter = (from: Date, to: Date, transactionId?: string, accountId?: string) => {
    const pattern = transactionId ? { $regex: escapeRegex(transactionId), $options: 'i' } : undefined;
    return {
      // An order's id holds the second it was made in, the second of its createdAt (see create),
      // so a period of whole seconds is a range of the _id index: the embedded store reads,
      // pages and counts it there, where a createdAt range is sorted and counted document by document.
      _id: { $gte: firstIdAt(from), $lt: firstIdAt(to) },
      ...(accountId ? { accountId: { $eq: accountId } } : {}),
      ...(pattern ? { $or: [{ merchantOrderId: pattern }, { phonePeTransactionId: pattern }, { phonepeOrderId: pattern }] } : {}),
    };
  };

  return {
    ready: Order.init(),
    async create(order) {
      const createdAt = new Date();
      return toRecord((await Order.create({ ...order, _id: idMadeAt(createdAt), createdAt })).toObject());
    },
    async find(merchantOrderId) {
      const doc = await Order.findOne({ merchantOrderId: { $eq: merchantOrderId } }).lean<OrderDocument>();
      return doc ? toRecord(doc) : null;
    },
    async update(merchantOrderId, changes) {
      const doc = await Order.findOneAndUpdate(
        { merchantOrderId: { $eq: merchantOrderId } },
        { $set: changes },
        { returnDocument: 'after' },
      ).lean<OrderDocument>();
      return doc ? toRecord(doc) : null;
    },
    async checkoutExpiries(accountId, now) {
      const filter = {
        accountId: { $eq: accountId },
        status: 'pending' as const,
        expireAt: { $gt: now },
        'mandate.role': { $ne: 'renewal' as const },
        // a pro-forma waiting for a bank transfer is no checkout under way
        method: { $ne: 'bank_transfer' as const },
      };
      const docs = await Order.find(filter, { _id: 0, expireAt: 1 }).limit(20).lean<Pick<OrderDocument, 'expireAt'>[]>();
      return docs.map((doc) => doc.expireAt);
    },
    async pendingOf(accountId, now) {
      const open = {
        accountId: { $eq: accountId },
        status: 'pending' as const,
        expireAt: { $gt: now },
        method: { $ne: 'bank_transfer' as const },
      };
      const docs = await Order.find(open, { change: 1, mandate: 1 }).limit(20).lean<Pick<OrderDocument, 'change' | 'mandate'>[]>();
      const checkouts = docs.filter((doc) => doc.mandate?.role !== 'renewal');
      return {
        checkout: checkouts.length > 0,
        upgrade: checkouts.some((doc) => doc.change != null),
        renewal: checkouts.length < docs.length,
      };
    },
    async markRenewalStep(merchantOrderId, step, at) {
      const field = `renewal.${step}`;
      const doc = await Order.findOneAndUpdate(
        { merchantOrderId: { $eq: merchantOrderId }, 'mandate.role': 'renewal' },
        { $set: { [field]: at } },
        { returnDocument: 'after' },
      ).lean<OrderDocument>();
      return doc ? toRecord(doc) : null;
    },
    async pendingRenewals(limit) {
      const docs = await Order.find({ status: 'pending', 'mandate.role': 'renewal' })
        .sort({ createdAt: 1 })
        .limit(limit)
        .lean<OrderDocument[]>();
      return docs.map(toRecord);
    },
    async forMandates(merchantSubscriptionIds) {
      if (!merchantSubscriptionIds.length) return [];
      const docs = await Order.find({ 'mandate.merchantSubscriptionId': { $in: merchantSubscriptionIds } })
        .sort({ createdAt: -1 })
        .limit(500)
        .lean<OrderDocument[]>();
      return docs.map(toRecord);
    },
    async needingReconciliation(olderThan, now, limit) {
      const docs = await Order.find({
        $or: [
          // a renewal waits for its debit date; the renewal job follows it; PhonePe knows nothing of a bank transfer
          { status: 'pending', createdAt: { $lt: olderThan }, 'mandate.role': { $ne: 'renewal' }, method: { $ne: 'bank_transfer' } },
          { status: 'completed', credited: false },
          // a pro-forma past its validity with nothing received; one with a part received waits for the rest
          { method: 'bank_transfer', status: 'pending', expireAt: { $lte: now }, 'bankTransfer.receivedPaise': NO_PAISE },
        ],
      })
        .sort({ createdAt: 1 })
        .limit(limit)
        .lean<OrderDocument[]>();
      return docs.map(toRecord);
    },
    async list({ from, to, transactionId, accountId, skip, limit }) {
      const filter = rangeFilter(from, to, transactionId, accountId);
      const [docs, total] = await Promise.all([
        Order.find(filter).sort({ _id: -1 }).skip(skip).limit(limit).lean<OrderDocument[]>(),
        Order.countDocuments(filter),
      ]);
      return { orders: docs.map(toRecord), total };
    },
    async *stream({ from, to }) {
      for await (const doc of Order.find(rangeFilter(from, to)).sort({ _id: -1 }).lean<OrderDocument>().cursor({ batchSize: 500 })) {
        yield toRecord(doc);
      }
    },
    async anonymiseUser(accountId) {
      const result = await Order.updateMany(
        { accountId: { $eq: accountId } },
        { $set: { accountId: null, userEmail: DELETED_USER_EMAIL } },
      );
      return result.modifiedCount;
    },
    async forUser(accountId, limit) {
      const docs = await Order.find({ accountId: { $eq: accountId }, status: { $ne: 'expired' } })
        .sort({ createdAt: -1 })
        .limit(limit)
        .lean<OrderDocument[]>();
      return docs.map(toRecord);
    },
    async findByReference(reference) {
      const doc = await Order.findOne({ 'bankTransfer.reference': { $eq: reference } }).lean<OrderDocument>();
      return doc ? toRecord(doc) : null;
    },
    async bankTransfersOf(accountId, limit) {
      const docs = await Order.find({ accountId: { $eq: accountId }, method: 'bank_transfer', status: { $ne: 'expired' } })
        .sort({ createdAt: -1 })
        .limit(limit)
        .lean<OrderDocument[]>();
      return docs.map(toRecord);
    },
    async openBankTransfers(limit) {
      const docs = await Order.find({ method: 'bank_transfer', status: 'pending' })
        .sort({ expireAt: -1 })
        .limit(limit)
        .lean<OrderDocument[]>();
      return docs.map(toRecord);
    },
    async taxablePaidSince(accountId, since) {
      const docs = await Order.find(
        { accountId: { $eq: accountId }, status: 'completed', completedAt: { $gte: since } },
        { _id: 0, taxablePaise: 1 },
      ).lean<Pick<OrderDocument, 'taxablePaise'>[]>();
      return sumPaise(docs.map((doc) => doc.taxablePaise ?? NO_PAISE));
    },
    async paidBefore(accountId, merchantOrderId, at) {
      const earlier = {
        accountId: { $eq: accountId },
        status: 'completed' as const,
        merchantOrderId: { $ne: merchantOrderId },
        completedAt: { $lt: at },
      };
      return (await Order.exists(earlier)) !== null;
    },
    async hasPaid(accountId) {
      return (await Order.exists({ accountId: { $eq: accountId }, status: 'completed' })) !== null;
    },
    async lastPaid(accountId) {
      // an account's paid orders are a few a year
      const paid = await Order.find({ accountId: { $eq: accountId }, status: 'completed' }, { merchantOrderId: 1, completedAt: 1 }).lean<
        Pick<OrderDocument, '_id' | 'merchantOrderId' | 'completedAt'>[]
      >();
      return newestRow(paid, (order) => order.completedAt?.getTime() ?? 0)?.merchantOrderId ?? null;
    },
    async totalRevenuePaise() {
      const [row] = await Order.aggregate<{ total: Paise }>([
        { $match: { status: 'completed' } },
        { $group: { _id: null, total: { $sum: '$amountPaise' } } },
      ]);
      return row?.total ?? NO_PAISE;
    },
    async completedSince(since) {
      const docs = await Order.find({ status: 'completed', completedAt: { $gte: since } }, { amountPaise: 1, completedAt: 1 }).lean<
        { amountPaise: Paise; completedAt: Date }[]
      >();
      return docs.map((doc) => ({ at: doc.completedAt, amountPaise: doc.amountPaise }));
    },
  };
}

/** The orders, with what an account's status shows of them remembered by every process until one is written (below). */
export function orderRepository(connection: Connection, cache: RedisCache) {
  return rememberedCheckouts(storedOrders(connection), cache);
}

/**
 * What an account's status shows of its orders, remembered by each process until one of them is
 * written: whether a checkout is open (`paymentRequested`) and the Autopay renewal under
 * way. What is remembered of the checkouts is when each expires, so one that lapses stops counting
 * without a write. Every write that can open, settle or move an order (create, update, a renewal's
 * step, the anonymising of a deleted user's) advances the account's generation after writing.
 */
function rememberedCheckouts<S extends OrderStore>(store: S, { redis, prefix }: RedisCache): S & PendingPayments & ShownRenewals {
  const generationOf = (accountId: string) => `${prefix}billing:checkouts:${accountId}:generation`;
  const remembered = rememberedPerOwner<Date[]>(redis, generationOf);
  const renewals = rememberedPerOwner<RenewalProgress | null>(redis, generationOf);
  const changed = remembered.changed;
  return {
    ...store,
    async create(order) {
      const created = await store.create(order);
      await changed(created.accountId);
      return created;
    },
    async update(merchantOrderId, changes) {
      const updated = await store.update(merchantOrderId, changes);
      await changed(updated?.accountId);
      return updated;
    },
    async markRenewalStep(merchantOrderId, step, at) {
      const marked = await store.markRenewalStep(merchantOrderId, step, at);
      await changed(marked?.accountId);
      return marked;
    },
    async anonymiseUser(accountId) {
      const anonymised = await store.anonymiseUser(accountId);
      await changed(accountId);
      return anonymised;
    },
    async hasPending(accountId, now) {
      const expiries = await remembered.read(accountId, accountId, () => store.checkoutExpiries(accountId, now));
      return expiries.some((expireAt) => expireAt > now);
    },
    shownRenewal: (accountId, merchantSubscriptionId) =>
      renewals.read(accountId, `${accountId}:${merchantSubscriptionId}`, async () => {
        const orders = await store.forMandates([merchantSubscriptionId]);
        return orders.find((order) => order.status === 'pending' && order.mandate?.role === 'renewal')?.renewal ?? null;
      }),
  };
}
