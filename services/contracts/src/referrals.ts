import { z } from 'zod';

/**
 * Referrals: each customer has a link; a person who has never paid and arrives
 * through it is counted as referred, and their first paid invoice earns the referrer a credit,
 * taken off the referrer's next payment as a discount before GST.
 */
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

export const REFERRAL_MESSAGES = {
  code: 'A referral code is 8 letters and digits',
  unknown: 'This referral link is not valid.',
  self: 'A referral from yourself or your own firm does not count.',
  alreadyPaid: 'A referral counts only before your first payment.',
  alreadyReferred: 'You were already referred by someone else.',
  claimed: 'Thank you. Whoever referred you gets a credit when you first pay for a plan.',
  creditChanged: 'Your referral credit has changed since the price was shown. Please look at the price again.',
} as const;

/** POST /api/billing/referral/claim: what a referral link carried, read without regard to case or spaces. */
export const referralClaimSchema = z.object({
  code: z
    .string({ error: REFERRAL_MESSAGES.code })
    .transform((typed) => typed.replace(/\s+/g, '').toUpperCase())
    .refine((code) => REFERRAL_CODE_PATTERN.test(code), REFERRAL_MESSAGES.code),
});

/** GET /api/billing/referral: the account's link, what each referral earns, and the credit left. */
export interface ReferralView {
  code: string;
  link: string;
  /** What a referral earns, off the price before GST, in rupees. */
  creditPerReferral: number;
  /** Earned and not yet taken off a payment (a payment at checkout holds its part). */
  balance: number;
  earned: { at: string; amount: number }[];
  used: { at: string; amount: number; merchantOrderId: string; state: 'held' | 'used' }[];
}

/** GET /api/admin/referral-credits: each credit given, newest first. */
export interface ReferralCreditRow {
  referrerAccountId: string | null;
  referrerEmail: string | null;
  referredAccountId: string | null;
  merchantOrderId: string;
  amount: number;
  grantedAt: string;
  /** The referred payment was refunded in full, so the credit no longer counts. */
  takenBack: boolean;
}
