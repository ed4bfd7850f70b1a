import { z } from 'zod';
import { GST_STATES, gstinProblem, type GstStateCode } from './gst';
import { pincodeSchema } from './user';
import { pagingShape } from './paging';
import { BILLING_PERIODS, PLAN_NAMES, PRICED_PLANS } from './plans';
import { SUBSCRIPTION_STATUSES } from './subscription';

export const createOrderBodySchema = z.object({
  plan: z.enum(PRICED_PLANS, { error: 'Choose one of the plans: basic, professional or business' }),
  billingPeriod: z.enum(BILLING_PERIODS, { error: 'Billing period must be monthly or annual' }),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export interface CreateOrderResponse {
  success: true;
  paymentUrl: string;
  merchantOrderId: string;
}

const optionalDate = z
  .union([z.literal(''), z.null(), z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'Dates must be ISO dates (YYYY-MM-DD or a full timestamp)',
  })
  .optional()
  .transform((value) => (value ? new Date(value) : null));

/** The admin's manage-subscription form: any plan and status, as spec §4 allows. */
export const adminSubscriptionUpdateSchema = z.object({
  subscriptionPlan: z.enum(PLAN_NAMES, { error: `Plan must be one of: ${PLAN_NAMES.join(', ')}` }),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, { error: `Status must be one of: ${SUBSCRIPTION_STATUSES.join(', ')}` }),
  subscriptionStartDate: optionalDate,
  subscriptionEndDate: optionalDate,
  trialEnd: optionalDate,
  planPrice: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d{1,2})?$/)
          .transform(Number),
        z.literal('').transform(() => 0),
      ],
      { error: 'Plan price must be a number' },
    )
    .pipe(z.number().min(0, 'Plan price cannot be negative').max(10_000_000, 'Plan price is too large'))
    .optional(),
});
export type AdminSubscriptionUpdate = z.infer<typeof adminSubscriptionUpdateSchema>;
export const SUBSCRIPTION_UPDATED = 'User subscription updated successfully!';

/** The admin's transactions tab and export cover this many Indian days by default, today included. */
export const TRANSACTIONS_DEFAULT_DAYS = 30;

const dateOnly = z.iso.date({ error: 'Dates must look like YYYY-MM-DD' }).optional();

export const transactionsQuerySchema = z.object({
  startDate: dateOnly,
  endDate: dateOnly,
  transactionId: z.string().trim().max(100).optional(),
  ...pagingShape,
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'expired', 'amount_mismatch'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A row of the admin's transactions tab (spec §3). */
export interface TransactionRow {
  _id: string;
  transactionId: string;
  phonePeTransactionId: string | null;
  phonepeOrderId: string | null;
  userEmail: string;
  amount: number;
  status: TransactionStatus;
  subscriptionPlan: string;
  billingPeriod: string;
  createdAt: string;
}

/** The subscription part of a user, as other services read it. */
export interface SubscriptionSummary {
  userId: string;
  subscriptionStatus: 'none' | 'trial' | 'active' | 'expired';
  subscriptionPlan: string;
  planPrice: number;
  billingPeriod: string | null;
  trialStart: string | null;
  trialEnd: string | null;
  subscriptionStartDate: string | null;
  subscriptionEndDate: string | null;
  daysRemaining: number;
  hasUsedTrial: boolean;
  canStartTrial: boolean;
  canDownload: boolean;
  isTrialActive: boolean;
}

/** Queues that carry events between services; each consuming service owns one. */
export const EVENT_QUEUES = {
  billing: 'billing-events',
  download: 'download-events',
  feedback: 'feedback-events',
  auditLog: 'audit-events',
} as const;

export interface UserDeletedEvent {
  userId: string;
}
export const USER_DELETED = 'user.deleted';

/**
 * The buyer's billing details, printed on their tax invoices: the legal or business name, an
 * optional GSTIN (checked by its check character and against the chosen state), and the billing
 * address with its GST state, which decides the place of supply.
 */
export const BILLING_PROFILE_MESSAGES = {
  legalNameRequired: 'Enter the name to print on your invoices',
  streetRequired: 'Enter the billing address',
  cityRequired: 'Enter the city',
  stateRequired: 'Choose the state of your billing address',
  saved: 'Billing details saved',
} as const;

const profileText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const STATE_CODES = GST_STATES.map((state) => state.code) as [GstStateCode, ...GstStateCode[]];

export const billingProfileSchema = z
  .object({
    legalName: profileText(BILLING_PROFILE_MESSAGES.legalNameRequired, 200),
    gstin: z
      .string({ error: 'The GSTIN must be text' })
      .trim()
      .toUpperCase()
      .optional()
      .transform((value) => value || undefined),
    street: profileText(BILLING_PROFILE_MESSAGES.streetRequired, 300),
    city: profileText(BILLING_PROFILE_MESSAGES.cityRequired, 100),
    pincode: pincodeSchema,
    stateCode: z.enum(STATE_CODES, { error: BILLING_PROFILE_MESSAGES.stateRequired }),
  })
  .superRefine((profile, context) => {
    const problem = profile.gstin ? gstinProblem(profile.gstin, profile.stateCode) : null;
    if (problem) context.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  });
export type BillingProfile = z.infer<typeof billingProfileSchema>;

/** A payment in the buyer's billing history, with its tax invoice once it has one. */
export interface BillingHistoryEntry {
  merchantOrderId: string;
  createdAt: string;
  plan: string;
  billingPeriod: string;
  amount: number;
  status: TransactionStatus;
  invoice: { number: string; issuedAt: string; url: string } | null;
}
export interface BillingHistoryResponse {
  payments: BillingHistoryEntry[];
}

/** Our order ids, as PhonePe allows them: letters, digits, _ and -, at most 63. */
export const merchantOrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'Unknown order');
export const invoiceUrl = (merchantOrderId: string) => `/api/billing/invoices/${merchantOrderId}`;
/** `invoice-TP-2627-000042.pdf`: the number, with the slashes a file name cannot hold. */
export const invoiceFileName = (number: string) => `invoice-${number.replace(/\//g, '-')}.pdf`;
export const INVOICE_NOT_FOUND = 'No invoice for this payment';
