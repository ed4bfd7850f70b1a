import { asPaise, rupeesOf, type Paise, type ReferralCreditRow, type ReferralView } from '@portal/contracts';
import type { CreditUseRecord, ReferralCreditRecord } from './ports';

const HOLDING: CreditUseRecord['state'][] = ['reserved', 'redeemed'];

/** The customer's referral panel: the link, what a referral earns, the credit left, and where it went. */
export const referralView = (
  { code, link, creditPaise }: { code: string; link: string; creditPaise: Paise },
  { earned, uses, balancePaise }: { earned: ReferralCreditRecord[]; uses: CreditUseRecord[]; balancePaise: Paise },
): ReferralView => ({
  code,
  link,
  creditPerReferral: rupeesOf(creditPaise),
  balance: rupeesOf(asPaise(Math.max(0, balancePaise))),
  earned: earned
    .filter((credit) => !credit.takenBack)
    .map((credit) => ({ at: credit.grantedAt.toISOString(), amount: rupeesOf(credit.paise) })),
  used: uses
    .filter((use) => HOLDING.includes(use.state))
    .map((use) => ({
      at: use.createdAt.toISOString(),
      amount: rupeesOf(use.paise),
      merchantOrderId: use.merchantOrderId,
      state: use.state === 'redeemed' ? ('used' as const) : ('held' as const),
    })),
});

export const creditRow = (credit: ReferralCreditRecord): ReferralCreditRow => ({
  referrerAccountId: credit.referrerAccountId,
  referrerEmail: credit.referrerEmail,
  referredAccountId: credit.referredAccountId,
  merchantOrderId: credit.merchantOrderId,
  amount: rupeesOf(credit.paise),
  grantedAt: credit.grantedAt.toISOString(),
  takenBack: credit.takenBack,
});
