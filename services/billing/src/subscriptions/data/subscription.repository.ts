import { Schema, type Connection } from 'mongoose';
import { BILLING_PERIODS, PLAN_NAMES, SUBSCRIPTION_STATES, type BillingPeriod, type PlanName, type Paise } from '@portal/contracts';
import { rememberedPerOwner } from '@portal/platform';
import type { ShownSubscriptions, SubscriptionRecord, SubscriptionStore } from '../domain/ports';
import type { RedisCache } from '../../shared/ports';

// creditedOrderIds: what credited orders once before periods were recorded; read by the migration only
type SubscriptionDocument = SubscriptionRecord & { createdAt: Date; updatedAt: Date; creditedOrderIds?: string[] };

const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    accountId: { type: String, required: true, unique: true },
    email: { type: String, default: '' },
    status: { type: String, enum: SUBSCRIPTION_STATES, default: 'none' },
    plan: { type: String, enum: PLAN_NAMES, default: 'none' },
    billingPeriod: { type: String, default: null },
    planPricePaise: { type: Number, default: 0 },
    seats: { type: Number, default: 1 },
    trialStart: { type: Date, default: null },
    trialEnd: { type: Date, default: null },
    hasUsedTrial: { type: Boolean, default: false },
    subscriptionStartDate: { type: Date, default: null },
    subscriptionEndDate: { type: Date, default: null },
    creditedOrderIds: { type: [String], default: undefined },
    remindersSent: { type: [String], default: [] },
    scheduledSwitch: { type: { plan: String, billingPeriod: String, seats: Number }, default: null, _id: false },
    graceUntil: { type: Date, default: null },
    renewalFailedAt: { type: Date, default: null },
    cancelAtPeriodEnd: { type: { at: Date, reason: String }, default: null, _id: false },
    endedByRefund: { type: Boolean, default: false },
  },
  { timestamps: true, versionKey: false },
);
subscriptionSchema.index({ status: 1, trialEnd: 1 });
subscriptionSchema.index({ status: 1, subscriptionEndDate: 1 });
subscriptionSchema.index({ subscriptionStartDate: -1 });
subscriptionSchema.index({ renewalFailedAt: 1 }, { sparse: true });

/** Access at `at`: the paid end is after it, or a renewal's grace runs past it. */
const withAccessAt = (at: Date) => [{ subscriptionEndDate: { $gt: at } }, { graceUntil: { $gt: at } }];

function toRecord(doc: SubscriptionDocument): SubscriptionRecord {
  return {
    accountId: doc.accountId,
    email: doc.email,
    status: doc.status,
    plan: doc.plan,
    billingPeriod: doc.billingPeriod ?? null,
    planPricePaise: doc.planPricePaise ?? 0,
    seats: doc.seats ?? 1,
    trialStart: doc.trialStart ?? null,
    trialEnd: doc.trialEnd ?? null,
    hasUsedTrial: Boolean(doc.hasUsedTrial),
    subscriptionStartDate: doc.subscriptionStartDate ?? null,
    subscriptionEndDate: doc.subscriptionEndDate ?? null,
    remindersSent: doc.remindersSent ?? [],
    scheduledSwitch: doc.scheduledSwitch ?? null,
    graceUntil: doc.graceUntil ?? null,
    renewalFailedAt: doc.renewalFailedAt ?? null,
    cancelAtPeriodEnd: doc.cancelAtPeriodEnd?.at ? { at: doc.cancelAtPeriodEnd.at, reason: doc.cancelAtPeriodEnd.reason ?? null } : null,
    endedByRefund: doc.endedByRefund ?? false,
  };
}

function storedSubscriptions(connection: Connection): SubscriptionStore & { ready: Promise<unknown> } {
  const Subscription = connection.model<SubscriptionDocument>('Subscription', subscriptionSchema, 'subscriptions');
  const endField = (kind: 'trial' | 'active') => (kind === 'trial' ? 'trialEnd' : 'subscriptionEndDate');

  return {
    ready: Subscription.init(),
    async find(accountId) {
      const doc = await Subscription.findOne({ accountId: { $eq: accountId } }).lean<SubscriptionDocument>();
      return doc ? toRecord(doc) : null;
    },
    async findMany(accountIds) {
      if (!accountIds.length) return [];
      return (await Subscription.find({ accountId: { $in: accountIds } }).lean<SubscriptionDocument[]>()).map(toRecord);
    },
    async save(accountId, changes) {
      const doc = await Subscription.findOneAndUpdate(
        { accountId: { $eq: accountId } },
        { $set: changes },
        { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true },
      ).lean<SubscriptionDocument>();
      return toRecord(doc as SubscriptionDocument);
    },
    async activeAccountIds(after, limit) {
      const docs = await Subscription.find({ status: 'active', ...(after ? { accountId: { $gt: after } } : {}) }, { accountId: 1 })
        .sort({ accountId: 1 })
        .limit(limit)
        .lean<{ accountId: string }[]>();
      return docs.map((doc) => doc.accountId);
    },
    async lastLegacyCreditedOrder(accountId) {
      const doc = await Subscription.findOne({ accountId: { $eq: accountId } }, { creditedOrderIds: 1 }).lean<SubscriptionDocument>();
      return doc?.creditedOrderIds?.at(-1) ?? null;
    },
    async delete(accountId) {
      await Subscription.deleteOne({ accountId: { $eq: accountId } });
    },
    async expireDue(now) {
      const [trials, paid] = await Promise.all([
        Subscription.updateMany({ status: 'trial', trialEnd: { $ne: null, $lte: now } }, { $set: { status: 'expired' } }),
        Subscription.updateMany(
          { status: 'active', subscriptionEndDate: { $ne: null, $lte: now }, $or: [{ graceUntil: null }, { graceUntil: { $lte: now } }] },
          { $set: { status: 'expired', graceUntil: null } },
        ),
      ]);
      return { trials: trials.modifiedCount, paid: paid.modifiedCount };
    },
    async dueForReminder(kind, from, to, reminder) {
      const docs = await Subscription.find({ status: kind, [endField(kind)]: { $gt: from, $lte: to }, remindersSent: { $ne: reminder } })
        .limit(1000)
        .lean<SubscriptionDocument[]>();
      return docs.map(toRecord);
    },
    async markReminderSent(accountId, reminder) {
      const result = await Subscription.updateOne(
        { accountId: { $eq: accountId }, remindersSent: { $ne: reminder } },
        { $addToSet: { remindersSent: reminder } },
      );
      return result.modifiedCount === 1;
    },
    async inGrace(now, limit) {
      const docs = await Subscription.find({ status: 'active', renewalFailedAt: { $ne: null }, graceUntil: { $gt: now } })
        .limit(limit)
        .lean<SubscriptionDocument[]>();
      return docs.map(toRecord);
    },
    async countsByStatus(now) {
      const [active, trial] = await Promise.all([
        Subscription.countDocuments({ status: 'active', $or: [{ subscriptionEndDate: null }, { subscriptionEndDate: { $gt: now } }] }),
        Subscription.countDocuments({ status: 'trial', $or: [{ trialEnd: null }, { trialEnd: { $gt: now } }] }),
      ]);
      return { active, trial };
    },
    async planDistribution() {
      const rows = await Subscription.aggregate<{ _id: string; count: number }>([{ $group: { _id: '$plan', count: { $sum: 1 } } }]);
      return rows.map((row) => ({ plan: row._id, count: row.count }));
    },
    async paidCounts(now) {
      const rows = await Subscription.aggregate<{
        _id: { plan: PlanName; billingPeriod: BillingPeriod; planPricePaise: Paise; seats?: number | null };
        count: number;
      }>([
        { $match: { status: 'active', billingPeriod: { $in: [...BILLING_PERIODS] }, $or: withAccessAt(now) } },
        // grouped by seats too, rather than summing an expression the embedded store may not evaluate
        {
          $group: {
            _id: { plan: '$plan', billingPeriod: '$billingPeriod', planPricePaise: '$planPricePaise', seats: '$seats' },
            count: { $sum: 1 },
          },
        },
      ]);
      const totals = new Map<
        string,
        { plan: PlanName; billingPeriod: BillingPeriod; planPricePaise: Paise; count: number; seats: number }
      >();
      for (const { _id, count } of rows) {
        const key = `${_id.plan}|${_id.billingPeriod}|${_id.planPricePaise}`;
        const total = totals.get(key) ?? {
          plan: _id.plan,
          billingPeriod: _id.billingPeriod,
          planPricePaise: _id.planPricePaise,
          count: 0,
          seats: 0,
        };
        total.count += count;
        // a subscription stored before seats has one
        total.seats += count * (_id.seats ?? 1);
        totals.set(key, total);
      }
      return [...totals.values()];
    },
    async taxYearTermsEndingAt(end) {
      const rows = await Subscription.aggregate<{ _id: { planPricePaise: Paise; seats?: number | null }; count: number }>([
        { $match: { status: 'active', subscriptionEndDate: end, billingPeriod: 'tax-year' } },
        { $group: { _id: { planPricePaise: '$planPricePaise', seats: '$seats' }, count: { $sum: 1 } } },
      ]);
      return rows.map(({ _id, count }) => ({ planPricePaise: _id.planPricePaise, seats: _id.seats ?? 1, count }));
    },
    async churnCounts(from, now) {
      // a paid run that began before `from` and still had access at it (its end, or its renewal's grace)
      const paidAtStart = {
        status: { $in: ['active' as const, 'expired' as const] },
        billingPeriod: { $in: [...BILLING_PERIODS] },
        subscriptionStartDate: { $lt: from },
      };
      const [atStart, churned] = await Promise.all([
        Subscription.countDocuments({ ...paidAtStart, $or: withAccessAt(from) }),
        Subscription.countDocuments({
          ...paidAtStart,
          $or: [{ graceUntil: null, subscriptionEndDate: { $gt: from, $lte: now } }, { graceUntil: { $gt: from, $lte: now } }],
        }),
      ]);
      return { atStart, churned };
    },
    async recentSubscribers(limit) {
      const docs = await Subscription.find({ status: 'active', subscriptionStartDate: { $ne: null } })
        .sort({ subscriptionStartDate: -1 })
        .limit(limit)
        .lean<SubscriptionDocument[]>();
      return docs.map(toRecord);
    },
  };
}

/**
 * Billing's subscriptions, one record an account, with what the status shows of each remembered
 * by every process until it is written (below).
 */
export function subscriptionRepository(connection: Connection, cache: RedisCache) {
  return rememberedSubscriptions(storedSubscriptions(connection), cache);
}

/**
 * An account's subscription as its status shows it, remembered by each process until the account's
 * record is written: every signed-in page asks for the status, and the record changes
 * only through this store (a trial, a payment, a refund, a plan change, an admin's change, a firm's
 * seats, a deletion), whose every write advances the account's generation after writing. The bulk
 * expiry is left out on purpose: the status derives an ended trial or plan from its dates
 * (effectiveStatus), so the sweep's write changes nothing it shows. What acts on a subscription
 * reads the database.
 */
function rememberedSubscriptions<S extends SubscriptionStore>(store: S, { redis, prefix }: RedisCache): S & ShownSubscriptions {
  const remembered = rememberedPerOwner<SubscriptionRecord | null>(
    redis,
    (accountId) => `${prefix}billing:subscription:${accountId}:generation`,
  );
  const changed = remembered.changed;
  return {
    ...store,
    async save(accountId, changes) {
      const saved = await store.save(accountId, changes);
      await changed(accountId);
      return saved;
    },
    async delete(accountId) {
      await store.delete(accountId);
      await changed(accountId);
    },
    async markReminderSent(accountId, reminder) {
      const marked = await store.markReminderSent(accountId, reminder);
      if (marked) await changed(accountId);
      return marked;
    },
    shownFor: (accountId) => remembered.read(accountId, accountId, () => store.find(accountId)),
  };
}
