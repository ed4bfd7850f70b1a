import { z } from 'zod';
import { MANDATE_STATES, type MandateState } from './autopay-rules';
import { pagingShape, type Paged } from './paging';

/**
 * The admin's view of a customer's subscription: one timeline of everything billing
 * recorded for them, the mandates, and the recurring figures of the analytics.
 */
export const TIMELINE_KINDS = [
  'period',
  'admin-change',
  'scheduled-switch',
  'cancellation',
  'renewal-failure',
  'mandate',
  'payment',
  'debit',
  'refund',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  period: 'Period',
  'admin-change': 'Admin change',
  'scheduled-switch': 'Scheduled change',
  cancellation: 'Cancellation',
  'renewal-failure': 'Failed renewal',
  mandate: 'Mandate',
  payment: 'Payment',
  debit: 'Autopay debit',
  refund: 'Refund',
};

/** A tax document of a timeline event; `url` is the admin's download. */
export interface TimelineDocument {
  kind: 'invoice' | 'credit-note';
  number: string;
  url: string;
}

export interface TimelineEvent {
  /** When it happened (ISO); for a scheduled change or a cancellation, when it was chosen. */
  at: string;
  kind: TimelineKind;
  /** What it was, in a line: plan, dates, who. */
  summary: string;
  /** Its state now (a period's active/refunded/superseded, a payment's status, a mandate's state). */
  state: string | null;
  /** Rupees with paise, where money moved or was promised. */
  amount: number | null;
  /** The order, refund or mandate it is about. */
  reference: string | null;
  documents: TimelineDocument[];
}

export interface CustomerTimeline {
  events: TimelineEvent[];
}

export const adminInvoiceUrl = (merchantOrderId: string) => `/api/admin/invoices/${merchantOrderId}`;
export const adminCreditNoteUrl = (merchantRefundId: string) => `/api/admin/refunds/${merchantRefundId}/credit-note`;

export const adminMandatesQuerySchema = z.strictObject({
  state: z.enum(MANDATE_STATES, { error: `State must be one of ${MANDATE_STATES.join(', ')}` }).optional(),
  ...pagingShape,
});
export type AdminMandatesQuery = z.infer<typeof adminMandatesQuerySchema>;

/** A mandate in the admin's mandates view. */
export interface AdminMandateRow {
  mandateReference: string;
  userId: string | null;
  userEmail: string;
  plan: string;
  billingPeriod: string;
  /** Each debit's amount, rupees. */
  amount: number;
  state: MandateState;
  endedReason: string | null;
  setUpAt: string;
  updatedAt: string;
  /** The latest renewal debit of the mandate, if any. */
  lastDebit: { at: string; amount: number; status: string } | null;
}

export interface AdminMandatesResponse extends Paged {
  mandates: AdminMandateRow[];
}

/**
 * Monthly recurring revenue (annual plans count at one twelfth) and the month's churn: paid
 * customers at the start of the IST month whose access has ended since (docs/decisions/0029).
 */
export const recurringFiguresSchema = z.object({
  /** Rupees with paise. */
  mrr: z.number(),
  churn: z.object({
    /** `YYYY-MM`, the IST calendar month. */
    month: z.string(),
    atStart: z.number(),
    churned: z.number(),
    /** Percent with one decimal; null with no paid customers at the start. */
    ratePercent: z.number().nullable(),
  }),
  /** The tax-year terms that end on the coming 31 March: how many, and what renewing them all for a year brings (rupees). */
  renewalsDue: z.object({ by: z.string(), count: z.number(), value: z.number() }).optional(),
});
export type RecurringFigures = z.infer<typeof recurringFiguresSchema>;
