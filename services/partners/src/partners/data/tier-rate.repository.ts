import { Schema, type Connection } from 'mongoose';
import { DEFAULT_TIER_RATES, PARTNER_TIERS, type PartnerTier, type TierRates } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { TierRateStore } from '../domain/ports';

interface TierDocument extends TierRates {
  _id: PartnerTier;
}

const tierSchema = new Schema<TierDocument>(
  { _id: { type: String, required: true }, new: Number, renewal: Number, upgrade: Number },
  { versionKey: false },
);

/** Each tier's rates, in per cent; a tier the owner never set keeps the defaults it was created with. */
export function tierRateRepository(connection: Connection): TierRateStore & { ready: Promise<unknown> } {
  const Tier = connection.model<TierDocument>('PartnerTier', tierSchema, 'partner_tiers');
  const seed = async () => {
    await Tier.init();
    for (const tier of PARTNER_TIERS) {
      try {
        await Tier.create({ _id: tier, ...DEFAULT_TIER_RATES[tier] });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  };
  const all = async () => {
    const docs = await Tier.find().lean<TierDocument[]>();
    const rates = { ...DEFAULT_TIER_RATES };
    for (const { _id, new: fresh, renewal, upgrade } of docs) rates[_id] = { new: fresh, renewal, upgrade };
    return rates;
  };
  return {
    ready: seed(),
    all,
    async rateFor(tier, kind) {
      return (await all())[tier][kind];
    },
    async set(tier, rates) {
      await Tier.updateOne({ _id: { $eq: tier } }, { $set: rates }, { upsert: true });
    },
  };
}
