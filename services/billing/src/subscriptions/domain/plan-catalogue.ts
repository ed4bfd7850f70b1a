import { ANNUAL_DISCOUNT, type BillingPeriod, type Plan, type PricedPlan, toNearestPaisa } from '@portal/contracts';

export interface PlanEntry {
  name: PricedPlan;
  title: string;
  monthlyPrice: number;
  features: string[];
}

/**
 * The plans seeded into an empty billing database (rupees a month). Whole-rupee prices keep the
 * annual price whole too (12 × monthly × 0.8).
 */
export const DEFAULT_PLANS: PlanEntry[] = [
  {
    name: 'basic',
    title: 'Basic',
    monthlyPrice: 500,
    features: [
      'Unified file manager for client folders',
      'Fast local indexing of PDF filings',
      'ITR and computation viewer',
      'E-mail support',
    ],
  },
  {
    name: 'professional',
    title: 'Professional',
    monthlyPrice: 1000,
    features: [
      'Everything in Basic',
      'Turnover certificates, generated automatically',
      'Networth certificates, generated automatically',
      'Client master',
      'Priority e-mail support',
    ],
  },
  {
    name: 'business',
    title: 'Business',
    monthlyPrice: 2000,
    features: ['Everything in Professional', 'Bulk certificate generation', 'Several practitioners in one firm', 'Phone support'],
  },
];

/** The card of behaviour.md §3: annualOriginal = 12 × monthly, annualPrice = annualOriginal × 0.8. */
export function toPlan(entry: PlanEntry): Plan {
  const annualOriginal = toNearestPaisa(entry.monthlyPrice * 12);
  return {
    name: entry.title,
    monthlyPrice: entry.monthlyPrice,
    annualPrice: toNearestPaisa(annualOriginal * (1 - ANNUAL_DISCOUNT)),
    annualOriginal,
    features: entry.features,
  };
}

/** What the customer pays, computed on the server only: rupees for our records, paise for PhonePe. */
export function priceOf(entry: PlanEntry, period: BillingPeriod): { rupees: number; paise: number } {
  const plan = toPlan(entry);
  const rupees = period === 'annual' ? plan.annualPrice : plan.monthlyPrice;
  return { rupees, paise: Math.round(rupees * 100) };
}
