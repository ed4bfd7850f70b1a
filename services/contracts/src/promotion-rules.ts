import type { BillingPeriod, PricedPlan } from './plan-names';

/**
 * Promotion codes, on Stripe's promotion codes: a discount off the price before
 * GST, once, on a purchase or a renewal, within the plans, periods, limits and expiry the admin set.
 * Codes are spelled in capitals; what a customer types is read without regard to case or spaces.
 */
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

export const PROMOTION_MESSAGES = {
  code: 'A code is 3 to 32 letters, digits, dashes or underscores',
  unknown: 'This code is not valid.',
  expired: 'This code has expired.',
  exhausted: 'This code has been fully redeemed.',
  notForPlan: 'This code does not apply to this plan or billing period.',
  firstPurchaseOnly: 'This code is for a first purchase only.',
  alreadyUsed: 'You have already used this code.',
  notForChange: 'A code applies to a purchase or a renewal, not to a plan change.',
  duplicate: (code: string) => `The code ${code} already exists.`,
  percent: 'The percentage must be a whole number from 1 to 100',
  amount: 'The amount off must be at least ₹1, in rupees and paise',
  plans: 'Choose at least one plan the code applies to',
  periods: 'Choose at least one billing period the code applies to',
  limit: 'A limit must be a whole number of at least 1',
  forPeriods: 'A code applies for 1 to 36 billing periods',
  expiry: 'The expiry must be a date and time in the future',
  notFound: 'No such code.',
  deactivated: (code: string) => `The code ${code} can no longer be redeemed.`,
} as const;

export type PromotionDiscount = { kind: 'percent'; percent: number } | { kind: 'amount'; amount: number };

/** A code as the admin's list shows it, with how it has been used. */
export interface PromotionView {
  code: string;
  discount: PromotionDiscount;
  plans: PricedPlan[];
  billingPeriods: BillingPeriod[];
  firstPurchaseOnly: boolean;
  maxRedemptions: number | null;
  perCustomerLimit: number;
  /** How many paid periods in a row it takes off: the first, and the renewals after it (Lago's `frequency_duration`). */
  forPeriods: number;
  expiresAt: string | null;
  active: boolean;
  createdBy: string;
  createdAt: string;
  /** Orders paid with it, and orders with it still at checkout (they hold a redemption until they end). */
  redeemed: number;
  reserved: number;
  /** The discounts given by paid orders, before GST, in rupees. */
  discountGiven: number;
}

/**
 * What an order's discount is: a code the customer typed, a code's later period on a renewal, or
 * the customer's referral credit (one discount an order: they do not stack).
 */
export type DiscountSource =
  { kind: 'code'; code: string; period: { number: number; of: number } | null } | { kind: 'referral-credit'; code: null; period: null };

/** Only the source's own fields, copied from anything that carries them. */
export const discountSourceOf = (source: DiscountSource): DiscountSource =>
  source.kind === 'referral-credit'
    ? { kind: 'referral-credit', code: null, period: null }
    : { kind: 'code', code: source.code, period: source.period };

/** How the confirmation and the tax invoice name a discount. */
export const discountLabel = (source: DiscountSource): string =>
  source.kind === 'referral-credit'
    ? 'Referral credit'
    : `Discount, code ${source.code}${source.period ? ` (period ${source.period.number} of ${source.period.of})` : ''}`;

/** A discount's effect on a price, in rupees: the discount is taken off the taxable value, and GST charged on the rest. */
export type AppliedPromotion = DiscountSource & {
  /** The price before the code, GST included. */
  listPrice: number;
  /** The taxable value before the code, the discount off it, and the taxable value after it. */
  listTaxableValue: number;
  discount: number;
  taxableValue: number;
  /** What is paid: the taxable value after the discount, with its GST. */
  amountDue: number;
};
