import { z } from 'zod';
import { autoRenewSchema, cancellationSchema, renewalFailureSchema } from './autopay';
import { billingPeriodSchema, pricedPlanSchema, type BillingPeriod } from './plans';
import { FIRM_ROLES } from './firm-roles';

import { SUBSCRIPTION_STATUSES } from './subscription-state';

export { SUBSCRIPTION_STATES, SUBSCRIPTION_STATUSES, type SubscriptionState } from './subscription-state';
export const subscriptionStatusValueSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatusValue = z.infer<typeof subscriptionStatusValueSchema>;
export {
  subscriptionStatusLabel,
  toClientSubscriptionState,
  TRIAL_DAYS,
  TRIAL_MESSAGES,
  type ClientSubscriptionState,
} from './subscription-state';

const isoDate = z.string().nullable();

/** The status object of GET /api/subscription-status (behaviour.md §3). */
export const subscriptionStatusSchema = z.object({
  email: z.string(),
  subscriptionStatus: subscriptionStatusValueSchema,
  subscriptionPlan: z.string(),
  planPrice: z.number(),
  trialStart: isoDate,
  trialEnd: isoDate,
  daysRemaining: z.number().int().min(0).default(0),
  isTrialActive: z.boolean().default(false),
  canDownload: z.boolean().default(false),
  canStartTrial: z.boolean().default(false),
  hasUsedTrial: z.boolean().default(false),
  paymentRequested: z.boolean().default(false),
  isAdmin: z.boolean().default(false),
  features: z.array(z.string()),
  usage: z.record(z.string(), z.unknown()),
  firstName: z.string(),
  lastName: z.string(),
  picture: z.string().nullable(),
  personalInfo: z.record(z.string(), z.unknown()).nullable(),
  subscriptionEndDate: isoDate,
  billingPeriod: billingPeriodSchema.nullable(),
  /** A lower plan or shorter period the customer chose for their renewal; absent when none. */
  scheduledSwitch: z
    .object({ plan: pricedPlanSchema, billingPeriod: billingPeriodSchema, seats: z.number().int().min(1).optional(), at: z.string() })
    .nullable()
    .optional(),
  /** UPI Autopay; absent or null when none was set up. */
  autoRenew: autoRenewSchema.nullable().optional(),
  /** A failed renewal in its grace period; absent or null when none. */
  renewalFailure: renewalFailureSchema.nullable().optional(),
  /** The customer cancelled: no renewal, access to the end; absent or null when not. */
  cancellation: cancellationSchema.nullable().optional(),
  /** The seats the plan covers: one for a person; absent on answers before seats. */
  seats: z.number().int().min(1).optional(),
  /**
   * A member's access through a firm's plan, when their own plan gives none: the
   * firm, who manages it, and its plan; absent or null otherwise.
   */
  firmPlan: z
    .object({
      id: z.string(),
      name: z.string(),
      managedBy: z.string(),
      plan: z.string(),
      seats: z.number().int().min(1),
      endsAt: isoDate,
    })
    .nullable()
    .optional(),
  /** Asked for a firm (`?firmId=`): the firm, and the caller's role in it. */
  firm: z
    .object({ id: z.string(), name: z.string(), role: z.enum(FIRM_ROLES) })
    .nullable()
    .optional(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * GET /api/subscription/periods: every period of access the person had, oldest first, for the
 * download of their data (behaviour.md §3). `source` says how it came: a payment, an admin, or
 * the move to periods; `state` whether a refund or an upgrade ended it early.
 */
export interface SubscriptionPeriodView {
  plan: string;
  billingPeriod: BillingPeriod | null;
  from: string;
  to: string | null;
  source: 'order' | 'admin' | 'migration';
  state: 'active' | 'refunded' | 'superseded';
  pricePaise: number;
  merchantOrderId: string | null;
}
