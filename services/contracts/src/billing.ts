import { z } from 'zod';
import { withoutDirectionControls } from './plain-text';
import { GST_STATES, gstinProblem, type GstStateCode } from './gst';
import { pincodeSchema } from './user';
import { objectIdSchema } from './ids';
import { pagingShape } from './paging';
import { BILLING_PERIODS, PLAN_NAMES, PRICED_PLANS } from './plans';
import { FIRM_MESSAGES, FIRM_SEAT_RANGE } from './firm-roles';
import { SUBSCRIPTION_STATUSES, type SubscriptionState } from './subscription';
import { promotionCodeSchema } from './promotions';
import { UTR_PATTERN } from './bank-transfer-rules';
import { MAX_TAX_YEARS, TAX_YEAR_MESSAGES } from './tax-years';

/** How many seats a firm's plan covers; a query gives it as text. */
export const seatsSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ],
    { error: FIRM_MESSAGES.seatsRange },
  )
  .pipe(
    z
      .number()
      .int(FIRM_MESSAGES.seatsRange)
      .min(FIRM_SEAT_RANGE.min, FIRM_MESSAGES.seatsRange)
      .max(FIRM_SEAT_RANGE.max, FIRM_MESSAGES.seatsRange),
  );

export const BILLING_PERIOD_ERROR = 'Billing period must be monthly, annual or tax-year';

/** How many tax years a tax-year term buys; a query gives it as text. */
export const taxYearsSchema = z
  .union([z.number(), z.string().regex(/^\d$/).transform(Number)], { error: TAX_YEAR_MESSAGES.yearsRange })
  .pipe(z.number().int(TAX_YEAR_MESSAGES.yearsRange).min(1, TAX_YEAR_MESSAGES.yearsRange).max(MAX_TAX_YEARS, TAX_YEAR_MESSAGES.yearsRange));

/**
 * Whose billing a call is about: the signed-in person's own, or with `?firmId=` a firm they
 * belong to, whose owner and admins manage it.
 */
export const billingAccountQuerySchema = z.object({ firmId: objectIdSchema('Malformed firm id').optional() });

export const createOrderBodySchema = z.object({
  plan: z.enum(PRICED_PLANS, { error: 'Choose one of the plans: basic, professional or business' }),
  billingPeriod: z.enum(BILLING_PERIODS, { error: BILLING_PERIOD_ERROR }),
  /** How many tax years a tax-year term buys, the current one counting as the first; one when absent. */
  taxYears: taxYearsSchema.optional(),
  /** Set up a UPI Autopay mandate with this payment. */
  autoRenew: z.boolean({ error: 'autoRenew must be true or false' }).optional(),
  /** A firm's plan covers this many people; a person's one. */
  seats: seatsSchema.optional(),
  /** A promotion code for a purchase or a renewal. */
  promotionCode: promotionCodeSchema.optional(),
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

export const END_BEFORE_START = 'The end date must not be before the start date';

/** The admin's manage-subscription form: any plan and status, as behaviour.md §4 allows. */
export const adminSubscriptionUpdateSchema = z
  .object({
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
  })
  .refine(({ subscriptionStartDate: start, subscriptionEndDate: end }) => !start || !end || end.getTime() >= start.getTime(), {
    path: ['subscriptionEndDate'],
    message: END_BEFORE_START,
  });
export type AdminSubscriptionUpdate = z.infer<typeof adminSubscriptionUpdateSchema>;
export const SUBSCRIPTION_UPDATED = 'User subscription updated successfully!';

export { TRANSACTIONS_DEFAULT_DAYS } from './list-sizes';

const dateOnly = z.iso.date({ error: 'Dates must look like YYYY-MM-DD' }).optional();

export const transactionsQuerySchema = z.object({
  startDate: dateOnly,
  endDate: dateOnly,
  transactionId: z.string().trim().max(100).optional(),
  /** One user's payments (the user-details dialog). */
  userId: objectIdSchema('Malformed user id').optional(),
  ...pagingShape,
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'expired', 'amount_mismatch'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A row of the admin's transactions tab (behaviour.md §3). */
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
  /** Once the payment is credited: its tax invoice's number, taxable value and tax (rupees). */
  invoiceNumber: string | null;
  taxableValue: number | null;
  tax: number | null;
  refundedAmount: number;
  refundStatus: RefundStatus;
  /** A firm's payment: the firm, and the seats it bought; one seat and no firm for a person's. */
  firm: string | null;
  seats: number;
  /** A pack of extra PCs for the plan: how many; absent for the plan itself. */
  pcs?: number;
  /** PhonePe's checkout, or a bank transfer against a pro-forma, and what reached us: less than the amount when the buyer deducted TDS. */
  paymentMethod: 'phonepe' | 'bank_transfer';
  paidAmount: number;
}

/**
 * Where a payment stands with refunds: one waiting for the buyer's billing details, a pending
 * one, some of it back, or all of it.
 */
export const REFUND_STATUSES = ['none', 'refund_awaiting_details', 'refund_pending', 'partially_refunded', 'refunded'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The subscription part of a user, as other services read it. */
export interface SubscriptionSummary {
  userId: string;
  subscriptionStatus: SubscriptionState;
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
  /** Access drawn from a firm the person is a member of, when their own plan gives none. */
  firm?: FirmPlanSource | null;
  /** The seats the plan covers: one for a person. */
  seats?: number;
  /**
   * The last tax year the trial or plan reaches into (null without access): the law of the
   * releases the person may run. The download service's entitlement only.
   */
  lastTaxYear?: number | null;
}

/** The firm whose plan a member draws on, and who manages it (its owner). */
export interface FirmPlanSource {
  id: string;
  name: string;
  managedBy: string;
}

/** Queues that carry events between services; each consuming service owns one. */
export const EVENT_QUEUES = {
  auth: 'auth-events',
  billing: 'billing-events',
  download: 'download-events',
  feedback: 'feedback-events',
  notifications: 'notifications-events',
  partners: 'partners-events',
  /** Account events for the integrators' webhooks, consumed by notifications. */
  webhooks: 'webhook-events',
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
  /** CGST Rule 46(e): the buyer sees it before paying, on the subscription page. */
  neededForInvoice:
    'Please add your billing details (address and state) before paying: a tax invoice of ₹50,000 or more to a buyer without a GSTIN must show them.',
  /** CGST Rule 53(1A): an upgrade's credit note reduces an invoice to a buyer without a GSTIN. */
  neededForCreditNote:
    'Please add your billing details (address and state) first: the credit note for your current plan’s unused value must show them, as you have no GSTIN.',
} as const;

const profileText = (message: string, max: number) =>
  z.string({ error: message }).overwrite(withoutDirectionControls).trim().min(1, message).max(max, `Must be at most ${max} characters`);
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
  /** The seats it bought: one for a person. */
  seats: number;
  /** A pack of extra PCs for the plan: how many; absent for the plan itself. */
  pcs?: number;
  amount: number;
  status: TransactionStatus;
  invoice: { number: string; issuedAt: string; url: string } | null;
  /** Refunds of this payment, each with its credit note once completed. */
  refunds: RefundView[];
  /** Credit notes for the unused value of this payment's plan, credited to a later upgrade. */
  credits: { number: string; issuedAt: string; url: string; amount: number }[];
  /** On an upgrade's payment: the credit set against its invoice, beside the amount paid. */
  creditApplied: number;
}
export interface BillingHistoryResponse {
  payments: BillingHistoryEntry[];
}

/** Our order ids, as PhonePe allows them: letters, digits, _ and -, at most 63. */
export const merchantOrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'Unknown order');
export * from './billing-documents';

export const REFUND_MESSAGES = {
  amountRequired: 'Enter the amount to refund in rupees',
  amountPaise: 'Enter the amount in rupees and paise, e.g. 499.50',
  amountMinimum: 'A refund is at least ₹1',
  reasonRequired: 'Say why the payment is refunded',
  unknownOrder: 'No payment with this id',
  notCompleted: 'Only a completed payment can be refunded',
  inFlight: 'A refund of this payment is already in progress. Wait until it completes or fails.',
  tooMuch: (left: string) => `The refund cannot be more than ${left}, what is left of this payment`,
  requested: 'Refund requested. It completes once PhonePe confirms it.',
  completed: 'Refund completed. The credit note is issued.',
  failed: 'PhonePe could not make this refund. Nothing was refunded.',
  fullRefundEndsPlan: 'A full refund ends the plan this payment bought at once.',
  bankTransfer: 'This payment came by bank transfer: pay it back by bank, then record the refund with the UTR of that transfer.',
  utrOnlyForBank: 'A UTR is given only for a payment that came by bank transfer; PhonePe makes this refund itself.',
  utr: 'The UTR is 6 to 22 letters or digits, as the bank statement shows it',
  paidBack: 'Refund recorded as paid back by bank. The credit note is issued.',
  buyerDetailsMissing:
    'This buyer has no GSTIN and no billing address or state on record, which its credit note must show (CGST Rule 53). Ask them to add their billing details on the subscription page, then refund.',
  askBuyer: 'Ask the buyer for their details and refund once they are saved',
  awaitingDetails: 'The buyer was asked for their billing details. The refund is issued by itself once they save them.',
} as const;

/** An admin's refund: rupees with at most two decimals (PhonePe's minimum is ₹1), and why. */
export const refundRequestSchema = z.object({
  amount: z
    .number({ error: REFUND_MESSAGES.amountRequired })
    .min(1, REFUND_MESSAGES.amountMinimum)
    .max(10_000_000, REFUND_MESSAGES.amountRequired)
    .refine((rupees) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6, REFUND_MESSAGES.amountPaise),
  reason: z
    .string({ error: REFUND_MESSAGES.reasonRequired })
    .trim()
    .min(3, REFUND_MESSAGES.reasonRequired)
    .max(300, 'Must be at most 300 characters'),
  /** A bank transfer's refund: paid back by bank, with the UTR of that transfer. */
  utr: z
    .string({ error: REFUND_MESSAGES.utr })
    .transform((typed) => typed.replace(/\s+/g, '').toUpperCase())
    .refine((utr) => UTR_PATTERN.test(utr), REFUND_MESSAGES.utr)
    .optional(),
  /**
   * When the credit note cannot yet be issued for want of the buyer's address (CGST Rule 53(1A)):
   * ask the buyer for their billing details and issue the refund once they are saved, rather than refuse it.
   */
  askBuyer: z.literal(true, { error: 'askBuyer is true or absent' }).optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export interface RefundView {
  merchantRefundId: string;
  amount: number;
  reason: string;
  /** `awaiting_details` until the buyer saves the billing details its credit note must show. */
  state: 'awaiting_details' | 'pending' | 'completed' | 'failed';
  createdAt: string;
  settledAt: string | null;
  creditNote: { number: string; issuedAt: string; url: string } | null;
  /** Paid back by bank, with this transfer's UTR; PhonePe's refunds have none. */
  utr: string | null;
}

/**
 * GET /api/admin/transactions/{order}/refunds: the payment's refunds, and what of the period it
 * paid for is not yet used, counted by days (today counts as used), as a refund of the rest would be.
 */
export interface PaymentRefunds {
  refunds: RefundView[];
  unused: { amount: number; days: number; ofDays: number } | null;
}

/**
 * The GST report (GSTR-1) for one Indian calendar month, one section per CSV, each in the GST
 * offline tool's own columns: B2B invoices, B2C small totals per place of supply and rate, credit
 * notes to registered (CDNR) and unregistered (CDNUR) buyers, Table 12's HSN/SAC summary (all
 * supplies, and split into B2B and B2C as the tool asks from May 2025), Table 13's documents
 * issued; and a summary of every section's tax amounts, to check the report against the payments.
 */
export const GST_REPORT_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'hsn_b2b', 'hsn_b2c', 'docs', 'summary'] as const;
export type GstReportSection = (typeof GST_REPORT_SECTIONS)[number];
export const gstReportQuerySchema = z.object({
  month: z.string({ error: 'Choose a month' }).regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'The month must be written YYYY-MM'),
  section: z.enum(GST_REPORT_SECTIONS, { error: `The section must be one of ${GST_REPORT_SECTIONS.join(', ')}` }),
});
export type GstReportQuery = z.infer<typeof gstReportQuerySchema>;
