import { z } from 'zod';
import { billingPeriodSchema, pricedPlanSchema, type BillingPeriod } from './plans';

/**
 * UPI Autopay (issue #27 §3): a PhonePe mandate that renews the plan it was set up with.
 *
 * RBI's e-mandate framework lets a recurring debit of up to ₹15,000 run without the customer's
 * authentication; above it every debit needs their approval, so such a plan is not offered with
 * Autopay and renews by a payment the customer approves (decisions.md).
 */
export const AUTOPAY_LIMIT_PAISE = 1_500_000;

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
export const mandateFrequency = (billingPeriod: BillingPeriod) => (billingPeriod === 'annual' ? 'YEARLY' : 'MONTHLY');

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

/** The customer's auto-renewal, as the status object carries it; null when they never set one up. */
export const autoRenewSchema = z.object({
  state: z.enum(MANDATE_STATES),
  /** Whether a renewal will be debited: the mandate is active and no switch or cancellation stops it. */
  on: z.boolean(),
  /** Our merchantSubscriptionId: the mandate's reference in e-mails and at PhonePe. */
  mandateReference: z.string(),
  plan: pricedPlanSchema,
  billingPeriod: billingPeriodSchema,
  /** Rupees with paise. */
  amount: z.number(),
  /** When the next debit falls due (ISO), while auto-renew is on. */
  nextDebitDate: z.string().nullable(),
  /** A debit the customer has been notified of and which has not run yet. */
  upcomingDebit: z.object({ date: z.string(), amount: z.number(), noticeSentAt: z.string() }).nullable(),
});
export type AutoRenew = z.infer<typeof autoRenewSchema>;

/** "Cancel subscription" (issue #27 §4): nothing renews; access runs to `endsAt`; undone until then. */
export const cancellationSchema = z.object({ at: z.string(), reason: z.string().nullable(), endsAt: z.string() });
export type Cancellation = z.infer<typeof cancellationSchema>;

export const cancelBodySchema = z.strictObject({
  reason: z.string({ error: 'The reason must be text' }).trim().max(500, 'Keep the reason under 500 characters').optional(),
});

export const CANCELLATION_MESSAGES = {
  cancelled: 'Your subscription is cancelled. It will not renew, and you keep access until its end date.',
  undone: 'Your subscription is no longer cancelled.',
  noPlan: 'You have no paid plan running to cancel.',
  notCancelled: 'Your subscription is not cancelled.',
  already: 'Your subscription is already cancelled.',
} as const;

/** A failed renewal: access continues to `graceUntil` (ISO), then the plan expires. */
export const renewalFailureSchema = z.object({ failedAt: z.string(), graceUntil: z.string() });
export type RenewalFailure = z.infer<typeof renewalFailureSchema>;
