import type { Paise } from './money';
import type { BillingPeriod } from './plan-names';

// The Autopay rules and words, apart from the schemas below them, so that a page can show them
// without shipping zod.

/**
 * UPI Autopay: a PhonePe mandate that renews the plan it was set up with.
 *
 * RBI's e-mandate framework lets a recurring debit of up to ₹15,000 run without the customer's
 * authentication; above it every debit needs their approval, so such a plan is not offered with
 * Autopay and renews by a payment the customer approves (docs/decisions/0027).
 */
export const AUTOPAY_LIMIT_PAISE = 1_500_000 as Paise;

/** After a failed renewal debit, access lasts this many days while the customer can pay (the refund policy states it). */
export const GRACE_DAYS = 7;
/** The days of that grace, counted from the failure, on which a dunning e-mail goes out. */
export const DUNNING_DAYS = [0, 3, 6] as const;

/** Whether a plan's price per billing period may renew by Autopay. */
export const autopayEligible = (pricePaise: number) => pricePaise <= AUTOPAY_LIMIT_PAISE;

/** Our reading of a PhonePe subscription's state. */
export const MANDATE_STATES = ['pending', 'active', 'paused', 'revoked', 'cancelled', 'failed', 'expired'] as const;
export type MandateState = (typeof MANDATE_STATES)[number];

/** The mandate's frequency at PhonePe, from the plan's billing period. */
export const mandateFrequency = (billingPeriod: BillingPeriod) => (billingPeriod === 'monthly' ? 'MONTHLY' : 'YEARLY');

export const MANDATE_STATE_LABELS: Record<MandateState, string> = {
  pending: 'Waiting for your approval',
  active: 'Active',
  paused: 'Paused in your UPI app',
  revoked: 'Removed in your UPI app',
  cancelled: 'Cancelled',
  failed: 'Not set up',
  expired: 'Expired',
};

export const AUTOPAY_MESSAGES = {
  optIn: 'Renew automatically with UPI Autopay',
  optInHelp: 'You approve a UPI Autopay mandate once; each renewal is debited after a notice at least 24 hours before.',
  notEligible: 'Renews with your approval each time: UPI Autopay debits above ₹15,000 need it.',
  notEligibleError: 'UPI Autopay is not offered for plans above ₹15,000 per payment. Buy it without auto-renewal.',
  turnedOff: 'Auto-renew is off. Your plan stays until its end date.',
  renewalUnderWay: 'Your renewal by UPI Autopay is under way. Wait for it to finish, or turn off auto-renew first.',
  noMandate: 'Auto-renew is not on.',
  renewalFailed: 'Your renewal payment failed. Pay now to keep access',
  stopHow: 'To stop it, turn off auto-renew on the Subscription page, or remove the mandate in your UPI app.',
} as const;
