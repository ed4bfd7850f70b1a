import { BILLING_PERIODS, isBillingPeriod, type BillingPeriod, type Paise, type Seating } from '@portal/contracts';
import { Schema, type Connection } from 'mongoose';
import { DEFAULT_PLANS, priced, type PlanEntry, type PricedEntry } from '../domain/plan-catalogue';
import type { PlanStore } from '../domain/ports';

interface PlanDocument {
  _id: string;
  title: string;
  monthlyPricePaise: Paise;
  features: string[];
  /** Which terms the seller sells the plan for; absent, every one. */
  terms?: BillingPeriod[];
  /** How a firm's seats are held; absent, `named`. */
  seating?: Seating;
  order: number;
}

const planSchema = new Schema<PlanDocument>(
  {
    _id: String,
    title: String,
    monthlyPricePaise: Number,
    features: [String],
    terms: { type: [String], default: undefined },
    seating: { type: String, default: undefined },
    order: Number,
  },
  { versionKey: false },
);

const toEntry = (doc: PlanDocument): PricedEntry =>
  priced({
    name: doc._id as PlanEntry['name'],
    title: doc.title,
    monthlyPricePaise: doc.monthlyPricePaise,
    features: doc.features,
    terms: doc.terms?.length ? doc.terms.filter(isBillingPeriod) : [...BILLING_PERIODS],
    seating: doc.seating === 'floating' ? 'floating' : 'named',
  });

/** Prices live in the database; the catalogue seeds missing plans and never overwrites a price. */
export function planRepository(connection: Connection): PlanStore & { seed(): Promise<void> } {
  const Plan = connection.model<PlanDocument>('Plan', planSchema, 'plans');
  let cache: { at: number; entries: PricedEntry[] } | undefined;
  const all = async () => {
    // Plans change rarely; a few seconds of caching keeps the status call off the database.
    if (!cache || Date.now() - cache.at > 10_000)
      cache = { at: Date.now(), entries: (await Plan.find().sort({ order: 1 }).lean<PlanDocument[]>()).map(toEntry) };
    return cache.entries;
  };
  return {
    async seed() {
      await Promise.all(
        DEFAULT_PLANS.map((plan, order) =>
          Plan.updateOne(
            { _id: plan.name },
            { $setOnInsert: { title: plan.title, monthlyPricePaise: plan.monthlyPricePaise, features: plan.features, order } },
            { upsert: true },
          ),
        ),
      );
      cache = undefined;
    },
    all,
    async find(name) {
      return (await all()).find((entry) => entry.name === name) ?? null;
    },
  };
}
