import { z } from 'zod';
import { requestProformaSchema, utrSchema } from './bank-transfers';
import { gstinProblem } from './gst';
import { objectIdSchema } from './ids';
import { percentOfPaise, asPaise, type Paise } from './money';

/**
 * Dealers who sell the product: a partner business, its staff, the customers it brought and the
 * commission it earns on what they pay (docs/partners.md).
 */
export const PARTNER_TIERS = ['silver', 'gold', 'platinum'] as const;
export type PartnerTier = (typeof PARTNER_TIERS)[number];

/** What a paid order was for the customer, which decides its commission rate. */
export const COMMISSION_KINDS = ['new', 'renewal', 'upgrade'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

export type TierRates = Record<CommissionKind, number>;

/** The rates a new portal starts with, in per cent of the taxable value; the owner may change them. */
export const DEFAULT_TIER_RATES: Record<PartnerTier, TierRates> = {
  silver: { new: 20, renewal: 10, upgrade: 10 },
  gold: { new: 25, renewal: 12.5, upgrade: 12.5 },
  platinum: { new: 30, renewal: 15, upgrade: 15 },
};

/** GST on a partner's commission when it is registered (SAC 996111, 18 %), and TDS under section 194H. */
export const PARTNER_GST_PERCENT = 18;
export const COMMISSION_TDS_PERCENT = 2;

/** A paid order's commission: the rate on its taxable value, to the paisa. */
export const commissionOn = (taxablePaise: Paise, ratePercent: number): Paise => percentOfPaise(taxablePaise, ratePercent);

/** A refund takes back the commission in the proportion it bears to what was paid, whenever it happens. */
export const commissionTakenBack = (commissionPaise: Paise, refundedPaise: Paise, paidPaise: Paise): Paise =>
  asPaise(-Math.round((commissionPaise * refundedPaise) / paidPaise));

/**
 * A month's statement: its lines' commission, GST on it for a registered partner, TDS on it (not
 * on the GST), and what is payable after what an earlier month left owing (a month whose refunds
 * outweigh its sales carries its balance forward, with no tax on it).
 */
export function statementFigures(commissionPaise: Paise, registered: boolean, broughtForwardPaise: Paise) {
  const net = asPaise(commissionPaise + broughtForwardPaise);
  if (net <= 0) {
    return { commissionPaise, gstPaise: asPaise(0), tdsPaise: asPaise(0), payablePaise: asPaise(0), carriedForwardPaise: net };
  }
  const gstPaise = registered ? percentOfPaise(net, PARTNER_GST_PERCENT) : asPaise(0);
  const tdsPaise = percentOfPaise(net, COMMISSION_TDS_PERCENT);
  return { commissionPaise, gstPaise, tdsPaise, payablePaise: asPaise(net + gstPaise - tdsPaise), carriedForwardPaise: asPaise(0) };
}

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const PARTNER_CODE_PATTERN = /^[A-Z0-9]{6,12}$/;
/** A statement's month, `2026-11`. */
export const STATEMENT_MONTH_PATTERN = /^20[0-9]{2}-(0[1-9]|1[0-2])$/;

export const PARTNER_MESSAGES = {
  notFound: 'Partner not found.',
  codeUnknown: 'This partner code is not known. Check it with your partner.',
  alreadyHasPartner: 'You already have a partner. Leave them on your profile first.',
  noPartner: 'You have no partner.',
  left: 'You have left your partner. The seller serves you directly from now on.',
  joined: (name: string) => `${name} is now your partner.`,
  notStaff: 'This account is not on a partner’s staff.',
  secondFactorRequired: 'Partner staff sign in with a second factor. Turn on two-step sign-in on your profile, then sign in again.',
  suspended: 'This partner account is suspended. Contact the seller.',
  customerNotFound: 'Customer not found.',
  noAccount: 'No portal account has this e-mail. Ask them to sign up first.',
  staffAdded: (email: string) => `${email} can now sign in to the partner area.`,
  staffRemoved: 'Removed from the partner’s staff.',
  staffElsewhere: 'This person is on another partner’s staff.',
  created: (name: string) => `Partner ${name} created.`,
  updated: 'Partner updated.',
  assigned: 'The customer’s partner was changed.',
  statementNotFound: 'Statement not found.',
  payoutRecorded: 'Payout recorded.',
  alreadyPaid: 'This statement’s payout is already recorded.',
  nothingPayable: 'Nothing is payable on this statement.',
  ratesSaved: 'Commission rates saved.',
  legalName: 'Enter the partner’s legal name (2 to 120 characters)',
  pan: 'Enter a PAN like ABCDE1234F',
  panMismatch: 'The GSTIN must carry the partner’s PAN (its 3rd to 12th characters)',
  accountNumber: 'Enter the bank account number (9 to 18 digits)',
  ifsc: 'Enter an IFSC like HDFC0001234',
  accountName: 'Enter the name on the bank account',
  tier: 'Choose silver, gold or platinum',
  reason: 'Say why (3 to 300 characters)',
  code: 'Enter the partner code (6 to 12 letters and digits)',
  rate: 'A rate is a per cent from 0 to 50, with at most two decimals',
} as const;

const upper = (message: string, pattern: RegExp) =>
  z
    .string({ error: message })
    .transform((typed) => typed.replace(/\s+/g, '').toUpperCase())
    .refine((value) => pattern.test(value), message);

export const partnerCodeSchema = upper(PARTNER_MESSAGES.code, PARTNER_CODE_PATTERN);
export const partnerTierSchema = z.enum(PARTNER_TIERS, { error: PARTNER_MESSAGES.tier });

export const createPartnerSchema = z
  .strictObject({
    legalName: z
      .string({ error: PARTNER_MESSAGES.legalName })
      .trim()
      .min(2, PARTNER_MESSAGES.legalName)
      .max(120, PARTNER_MESSAGES.legalName),
    gstin: z
      .string()
      .transform((typed) => typed.replace(/\s+/g, '').toUpperCase())
      .nullable()
      .optional()
      .transform((value) => value || null),
    pan: upper(PARTNER_MESSAGES.pan, PAN_PATTERN),
    bank: z.strictObject({
      accountName: z.string({ error: PARTNER_MESSAGES.accountName }).trim().min(2, PARTNER_MESSAGES.accountName).max(120),
      accountNumber: upper(PARTNER_MESSAGES.accountNumber, /^[0-9]{9,18}$/),
      ifsc: upper(PARTNER_MESSAGES.ifsc, IFSC_PATTERN),
    }),
    tier: partnerTierSchema,
  })
  .superRefine((partner, context) => {
    if (!partner.gstin) return;
    const problem = gstinProblem(partner.gstin);
    if (problem) context.addIssue({ code: 'custom', path: ['gstin'], message: problem });
    else if (partner.gstin.slice(2, 12) !== partner.pan)
      context.addIssue({ code: 'custom', path: ['gstin'], message: PARTNER_MESSAGES.panMismatch });
  });
export type CreatePartner = z.infer<typeof createPartnerSchema>;

export const updatePartnerSchema = z
  .strictObject({
    tier: partnerTierSchema.optional(),
    status: z.enum(['active', 'suspended'], { error: 'Choose active or suspended' }).optional(),
  })
  .refine((body) => body.tier !== undefined || body.status !== undefined, 'Say what to change: tier or status');

export const partnerStaffSchema = z.strictObject({
  email: z.string({ error: 'Enter an e-mail' }).trim().toLowerCase().email('Enter an e-mail').max(254),
});
export const partnerIdParams = z.object({ id: objectIdSchema('Malformed partner id') });
export const partnerStaffParams = partnerIdParams.extend({ userId: objectIdSchema('Malformed user id') });
export const customerParams = z.object({ userId: objectIdSchema('Malformed customer id') });
export const joinPartnerSchema = z.strictObject({ code: partnerCodeSchema });
export const assignPartnerSchema = z.strictObject({
  partnerId: objectIdSchema('Malformed partner id').nullable(),
  reason: z.string({ error: PARTNER_MESSAGES.reason }).trim().min(3, PARTNER_MESSAGES.reason).max(300, PARTNER_MESSAGES.reason),
});
export const customerSearchSchema = z.object({ q: z.string().trim().max(100).optional() });
/** A pro-forma a partner raises: for the customer, or for a firm the customer owns or administers. */
export const partnerProformaSchema = requestProformaSchema.extend({ firmId: objectIdSchema('Malformed firm id').optional() });
export const statementParams = partnerIdParams.extend({
  month: z.string().regex(STATEMENT_MONTH_PATTERN, 'Malformed month: use YYYY-MM'),
});
export const ownStatementParams = z.object({
  month: z.string().regex(STATEMENT_MONTH_PATTERN, 'Malformed month: use YYYY-MM'),
  format: z.enum(['csv', 'pdf'], { error: 'Ask for csv or pdf' }),
});
export const recordPayoutSchema = z.strictObject({
  utr: utrSchema,
  paidOn: z.iso.date({ error: 'Enter the day it was paid (YYYY-MM-DD)' }),
});
const rateSchema = z
  .number({ error: PARTNER_MESSAGES.rate })
  .min(0, PARTNER_MESSAGES.rate)
  .max(50, PARTNER_MESSAGES.rate)
  .refine(
    (rate) => Number.isInteger(Math.round(rate * 100)) && Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9,
    PARTNER_MESSAGES.rate,
  );
export const tierRatesSchema = z.strictObject({ new: rateSchema, renewal: rateSchema, upgrade: rateSchema });
export const tierParams = z.object({ tier: partnerTierSchema });

/** A partner as the admin and its own staff see it (the bank account's last four digits only). */
export interface PartnerView {
  id: string;
  code: string;
  legalName: string;
  gstin: string | null;
  pan: string;
  bank: { accountName: string; accountEnding: string; ifsc: string };
  tier: PartnerTier;
  status: 'active' | 'suspended';
  staff: { userId: string; email: string; addedAt: string }[];
  createdAt: string;
}

/** One of a partner's customers as its staff see them: the plan from billing, the PCs from licensing. */
export interface PartnerCustomer {
  userId: string;
  email: string;
  since: string;
  source: 'code' | 'admin';
  plan: string;
  status: string;
  endsAt: string | null;
  renewalDue: boolean;
}

/** A firm the customer owns or administers: a pro-forma may be the firm's, and the firm's orders earn for the owner's partner. */
export interface CustomerFirm {
  id: string;
  name: string;
  role: string;
}

export interface LedgerLineView {
  id: string;
  at: string;
  month: string;
  customerEmail: string;
  merchantOrderId: string;
  kind: CommissionKind | 'refund';
  base: number;
  ratePercent: number | null;
  commission: number;
}

export interface StatementView {
  month: string;
  issuedAt: string;
  lines: number;
  commission: number;
  broughtForward: number;
  gst: number;
  tds: number;
  payable: number;
  carriedForward: number;
  payout: { utr: string; paidOn: string } | null;
}
