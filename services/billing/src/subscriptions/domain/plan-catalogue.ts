import {
  ANNUAL_DISCOUNT,
  BILLING_PERIODS,
  offersNextTaxYear,
  rupeesOf,
  taxYearEnds,
  taxYearLabel,
  taxYearOf,
  type BillingPeriod,
  type Plan,
  type PricedPlan,
  type Paise,
  asPaise,
  type Seating,
} from '@portal/contracts';

export interface PlanEntry {
  name: PricedPlan;
  title: string;
  monthlyPricePaise: Paise;
  features: string[];
  /** The terms the seller sells the plan for; every one unless the plan's record names some. */
  terms: BillingPeriod[];
  /**
   * A firm's seats on this plan: `named` people with their PCs each, or `floating`, shared by any
   * number of the firm's PCs, as many at once as seats bought; `named` unless the plan's record says.
   */
  seating: Seating;
}

/**
 * The plans seeded into an empty billing database (paise a month). Whole-rupee prices keep the
 * annual price whole too (12 × monthly × 0.8).
 */
export const DEFAULT_PLANS: PlanEntry[] = [
  {
    name: 'basic',
    title: 'Basic',
    monthlyPricePaise: asPaise(500_00),
    features: [
      'Unified file manager for client folders',
      'Fast local indexing of PDF filings',
      'ITR and computation viewer',
      'E-mail support',
    ],
    terms: [...BILLING_PERIODS],
    seating: 'named',
  },
  {
    name: 'professional',
    title: 'Professional',
    monthlyPricePaise: asPaise(1000_00),
    features: [
      'Everything in Basic',
      'Turnover certificates, generated automatically',
      'Networth certificates, generated automatically',
      'Client master',
      'Priority e-mail support',
    ],
    terms: [...BILLING_PERIODS],
    seating: 'named',
  },
  {
    name: 'business',
    title: 'Business',
    monthlyPricePaise: asPaise(2000_00),
    features: ['Everything in Professional', 'Bulk certificate generation', 'Several practitioners in one firm', 'Phone support'],
    terms: [...BILLING_PERIODS],
    seating: 'named',
  },
];

/** A year at the annual discount, to the nearest paisa: 12 × monthly × 0.8. */
export const annualPricePaise = (monthlyPricePaise: Paise) => asPaise(Math.round(monthlyPricePaise * 12 * (1 - ANNUAL_DISCOUNT)));

/**
 * The card of behaviour.md §3, in rupees as the API writes them: annualOriginal = 12 × monthly,
 * annualPrice = annualOriginal × 0.8; the terms it is sold for and, with a tax-year term, the year
 * running now and how many years a buyer may choose today (the next one too from 1 February, or
 * the day the seller sets).
 */
export function toPlan(entry: PlanEntry, now: Date, nextYearOnSaleFrom?: string): Plan {
  const year = taxYearOf(now);
  return {
    name: entry.title,
    monthlyPrice: rupeesOf(entry.monthlyPricePaise),
    annualPrice: rupeesOf(annualPricePaise(entry.monthlyPricePaise)),
    annualOriginal: rupeesOf(asPaise(entry.monthlyPricePaise * 12)),
    features: entry.features,
    terms: entry.terms,
    ...(entry.terms.includes('tax-year') && {
      taxYear: {
        label: taxYearLabel(year),
        endsAt: taxYearEnds(year).toISOString(),
        years: offersNextTaxYear(now, nextYearOnSaleFrom) ? [1, 2] : [1],
      },
    }),
  };
}

/** A plan as the store holds it, with what the customer pays for one seat each period, computed on the server only. */
export interface PricedEntry extends PlanEntry {
  pricePaise: Record<BillingPeriod, Paise>;
}

/**
 * Prices a stored plan once, when it is read: the month as stored, the year at the annual
 * discount, and a tax year at the annual price (its first year prorated when it is bought).
 */
export function priced(entry: PlanEntry): PricedEntry {
  const annual = annualPricePaise(entry.monthlyPricePaise);
  return { ...entry, pricePaise: { monthly: entry.monthlyPricePaise, annual, 'tax-year': annual } };
}
