import { z } from 'zod';
import { MANDATE_STATES } from './autopay-rules';
import { billingPeriodSchema, pricedPlanSchema } from './plans';

export * from './autopay-rules';

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

/** "Cancel subscription": nothing renews; access runs to `endsAt`; undone until then. */
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
