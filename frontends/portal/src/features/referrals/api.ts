import { useQuery } from '@tanstack/react-query';
import { REFERRAL_CODE_PATTERN, type ReferralView } from '@portal/contracts';
import { api } from '@portal/ui';

/** The referral code a link carried, kept from the sign-up page until the new account can claim it. */
const KEPT_CODE = 'portal.referral';

export const referralKeys = { mine: ['billing', 'referral'] as const };

export const useReferral = () =>
  useQuery({ queryKey: referralKeys.mine, queryFn: async () => (await api.get<ReferralView>('/api/billing/referral')).data });

/** Keeps the `ref` of a referral link (`/signup?ref=…`), so that the account made on this page is counted as referred. */
export function keepReferralCode(params: URLSearchParams): void {
  const code = params.get('ref')?.trim().toUpperCase();
  if (code && REFERRAL_CODE_PATTERN.test(code)) localStorage.setItem(KEPT_CODE, code);
}

/**
 * Claims the kept code for the account just made, once, whatever the answer: a refusal (one's own
 * link, a payment made already) is no reason to hold up the sign-up, and the link is forgotten.
 * It is sent with the new account's token before the sign-in moves on, which may load another
 * page and cut off a call still under way.
 */
export async function claimKeptReferral(token: string): Promise<void> {
  const code = localStorage.getItem(KEPT_CODE);
  if (!code) return;
  localStorage.removeItem(KEPT_CODE);
  await fetch('/api/billing/referral/claim', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ code }),
  }).catch(() => undefined);
}
