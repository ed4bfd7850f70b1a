import { NO_PAISE, sumPaise, type Paise } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform/errors';
import { Schema, type Connection, type Types } from 'mongoose';
import { newestRow } from '../../shared/data/newest-row';
import type { PromotionRecord, PromotionStore, RedemptionRecord } from '../domain/ports';

const promotionSchema = new Schema<PromotionRecord>(
  {
    code: { type: String, required: true, unique: true },
    discount: { type: Schema.Types.Mixed, required: true },
    plans: [String],
    billingPeriods: [String],
    firstPurchaseOnly: { type: Boolean, required: true },
    maxRedemptions: { type: Number, default: null },
    perCustomerLimit: { type: Number, required: true },
    forPeriods: { type: Number, default: 1 },
    expiresAt: { type: Date, default: null },
    active: { type: Boolean, required: true },
    createdBy: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// the admin's list, newest first
promotionSchema.index({ createdAt: -1 });

const redemptionSchema = new Schema<RedemptionRecord>(
  {
    code: { type: String, required: true },
    accountId: { type: String, required: true },
    // one order redeems one code: codes do not stack
    merchantOrderId: { type: String, required: true, unique: true },
    state: { type: String, enum: ['reserved', 'redeemed', 'released'], required: true },
    discountPaise: { type: Number, required: true },
    sequence: { type: Number, default: 1 },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// an account's redemptions: where a code for several periods goes on from
redemptionSchema.index({ accountId: 1 });
// what a code's limits count (its redemptions that hold it, in all and per account), and the
// admin's list of every code's held redemptions, by state first
redemptionSchema.index({ state: 1, code: 1, accountId: 1 });

const WITHOUT_ID = { _id: 0 } as const;
const HOLDING: RedemptionRecord['state'][] = ['reserved', 'redeemed'];
// a code's first period, which its limits count; redemptions stored before codes had periods have no sequence
const FIRST_PERIOD = { $or: [{ sequence: { $exists: false } }, { sequence: 1 }] };

export function promotionRepository(connection: Connection): PromotionStore {
  const Promotion = connection.model<PromotionRecord>('Promotion', promotionSchema, 'promotions');
  const Redemption = connection.model<RedemptionRecord>('PromotionRedemption', redemptionSchema, 'promotion_redemptions');
  return {
    ready: Promise.all([Promotion.init(), Redemption.init()]),
    async create(promotion) {
      try {
        await Promotion.create(promotion);
        return promotion;
      } catch (error) {
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
    find: (code) => Promotion.findOne({ code: { $eq: code } }, WITHOUT_ID).lean<PromotionRecord>(),
    all: () => Promotion.find({}, WITHOUT_ID).sort({ createdAt: -1 }).lean<PromotionRecord[]>(),
    async deactivate(code) {
      await Promotion.updateOne({ code: { $eq: code } }, { $set: { active: false } });
      return Promotion.findOne({ code: { $eq: code } }, WITHOUT_ID).lean<PromotionRecord>();
    },
    countHeld: (code, accountId) =>
      Redemption.countDocuments({
        code: { $eq: code },
        state: { $in: HOLDING },
        ...FIRST_PERIOD,
        ...(accountId === undefined ? {} : { accountId: { $eq: accountId } }),
      }),
    async latestHeld(accountId) {
      // an account holds a few redemptions at most
      const held = await Redemption.find({ accountId: { $eq: accountId }, state: { $in: HOLDING } }).lean<
        (RedemptionRecord & { _id: Types.ObjectId })[]
      >();
      const newest = newestRow(held, (redemption) => redemption.createdAt.getTime());
      if (!newest) return null;
      const { _id, ...redemption } = newest;
      return redemption;
    },
    async reserve(redemption) {
      await Redemption.create({ ...redemption, state: 'reserved' });
    },
    async settle(merchantOrderId, state) {
      const moved = await Redemption.updateOne({ merchantOrderId: { $eq: merchantOrderId }, state: 'reserved' }, { $set: { state } });
      return moved.modifiedCount > 0;
    },
    async usage() {
      // summed here: the embedded store's $group answered 0 for the sum of a field beside a count
      const held = await Redemption.find({ state: { $in: HOLDING } }, { _id: 0, code: 1, state: 1, discountPaise: 1 }).lean<
        Pick<RedemptionRecord, 'code' | 'state' | 'discountPaise'>[]
      >();
      const usage = new Map<string, { redeemed: number; reserved: number; discountPaise: Paise }>();
      for (const { code, state, discountPaise } of held) {
        const entry = usage.get(code) ?? { redeemed: 0, reserved: 0, discountPaise: NO_PAISE };
        usage.set(
          code,
          state === 'reserved'
            ? { ...entry, reserved: entry.reserved + 1 }
            : { ...entry, redeemed: entry.redeemed + 1, discountPaise: sumPaise([entry.discountPaise, discountPaise]) },
        );
      }
      return usage;
    },
  };
}
