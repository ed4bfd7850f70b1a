import { useQuery } from '@tanstack/react-query';
import { REFERRAL_CODE_PATTERN, type ReferralView } from '@portal/contracts';
import { api } from '@portal/ui';
import { keptSignupCode } from '../../lib/kept-code';

/** The `ref` of a referral link, kept so that the account made on the sign-up page is counted as referred. */
const referralLink = keptSignupCode({
  param: 'ref',
  storageKey: 'portal.referral',
  pattern: REFERRAL_CODE_PATTERN,
  claimUrl: '/api/billing/referral/claim',
});
export const keepReferralCode = referralLink.keep;
export const claimKeptReferral = referralLink.claim;

export const referralKeys = { mine: ['billing', 'referral'] as const };

export const useReferral = () =>
  useQuery({ queryKey: referralKeys.mine, queryFn: async () => (await api.get<ReferralView>('/api/billing/referral')).data });
