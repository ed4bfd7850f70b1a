import { randomInt } from 'node:crypto';
import { REFERRAL_MESSAGES, type Paise, type ReferralCreditRow, type ReferralView } from '@portal/contracts';
import { badRequest, conflict } from '@portal/platform/errors';
import type { BillingAccount, Lock } from '../../shared/ports';
import type { PaidBefore, ReferralCodeRecord, ReferralStore } from './ports';
import { creditRow, referralView } from './referral-view';

export interface ReferralDeps {
  referrals: ReferralStore;
  paidBefore: PaidBefore;
  /** The firms a person belongs to: a referral from one's own firm is one's own. */
  firmsOf: (userId: string) => Promise<{ id: string }[]>;
  lock: Lock;
  /** What a referral earns, off the price before GST (REFERRAL_CREDIT_RUPEES). */
  creditPaise: Paise;
  publicUrl: string;
  now?: () => Date;
}

/** Capitals and digits that cannot be read as one another (no I, O, 0 or 1), as the code is read aloud and typed. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Referrals: each account's link, a person counted as referred before their first
 * payment, the credit their first paid order earns the referrer, and that credit taken off the
 * referrer's next payments as a discount, held by an order at checkout as a code's redemption is.
 */
export function referralUseCases({ referrals, paidBefore, firmsOf, lock, creditPaise, publicUrl, now = () => new Date() }: ReferralDeps) {
  async function codeFor(account: BillingAccount): Promise<ReferralCodeRecord> {
    for (;;) {
      const known = await referrals.codeOf(account.id);
      if (known) return known;
      const record = { accountId: account.id, code: newCode(), email: account.email, createdAt: now() };
      // a false answer is a code drawn twice or a second call at once: read again
      if (await referrals.createCode(record)) return record;
    }
  }

  return {
    async view(account: BillingAccount): Promise<ReferralView> {
      const { code } = await codeFor(account);
      return referralView({ code, link: `${publicUrl}/signup?ref=${code}`, creditPaise }, await referrals.ledgerOf(account.id));
    },

    /** Counts the account as referred by the code's owner: once, before its first payment, never by itself. */
    async claim(account: BillingAccount, userId: string, code: string): Promise<{ message: string }> {
      const owner = await referrals.findCode(code);
      if (!owner) throw badRequest(REFERRAL_MESSAGES.unknown, [{ path: 'code', message: REFERRAL_MESSAGES.unknown }]);
      const own = new Set([account.id, userId, ...(await firmsOf(userId)).map((firm) => firm.id)]);
      if (own.has(owner.accountId)) throw badRequest(REFERRAL_MESSAGES.self, [{ path: 'code', message: REFERRAL_MESSAGES.self }]);
      if (await paidBefore(account.id)) throw conflict(REFERRAL_MESSAGES.alreadyPaid);
      const recorded = await referrals.claim({ referredAccountId: account.id, referrerAccountId: owner.accountId, claimedAt: now() });
      if (recorded.referrerAccountId !== owner.accountId) throw conflict(REFERRAL_MESSAGES.alreadyReferred);
      return { message: REFERRAL_MESSAGES.claimed };
    },

    /** Holds part of the credit for an order, if the credit still covers it (another order may have taken it meanwhile). */
    async hold(accountId: string, merchantOrderId: string, paise: Paise): Promise<void> {
      await lock('referral-credit', accountId, async () => {
        if ((await referrals.balanceOf(accountId)) < paise) throw conflict(REFERRAL_MESSAGES.creditChanged);
        await referrals.holdUse({ accountId, merchantOrderId, paise, createdAt: now() });
      });
    },

    release: (merchantOrderId: string) => referrals.settleUse(merchantOrderId, 'released'),

    /** An order left its checkout: its held credit is used or freed; a referred account's first payment earns its referrer's credit. */
    async afterSettled(order: { merchantOrderId: string; accountId: string | null; status: string }): Promise<void> {
      if (order.status === 'pending') return;
      await referrals.settleUse(order.merchantOrderId, order.status === 'completed' ? 'redeemed' : 'released');
      if (order.status !== 'completed' || !order.accountId) return;
      const referral = await referrals.referralOf(order.accountId);
      if (!referral) return;
      const referrer = await referrals.codeOf(referral.referrerAccountId);
      await referrals.grant({
        referrerAccountId: referral.referrerAccountId,
        referrerEmail: referrer?.email ?? null,
        referredAccountId: order.accountId,
        merchantOrderId: order.merchantOrderId,
        paise: creditPaise,
        grantedAt: now(),
      });
    },

    /** A referred payment refunded in full takes back the credit it earned: a refund must not leave a credit behind. */
    takeBack: (merchantOrderId: string) => referrals.takeBack(merchantOrderId),

    creditsGiven: async (limit: number): Promise<ReferralCreditRow[]> => (await referrals.credits(limit)).map(creditRow),
  };
}
