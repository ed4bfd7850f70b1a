import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PARTNER_CODE_PATTERN } from '@portal/contracts';
import { api } from '@portal/ui';
import { keptSignupCode } from '../../lib/kept-code';

interface MyPartner {
  partner: { legalName: string; code: string; since: string } | null;
  message?: string;
}

export const partnerKeys = { mine: ['partners', 'mine'] as const };

export const useMyPartner = () =>
  useQuery({ queryKey: partnerKeys.mine, queryFn: async () => (await api.get<MyPartner>('/api/partners/mine')).data });

/** Joining a partner by its code, and leaving one: each answers the partner (or none) and a message. */
export function usePartnerChanges() {
  const client = useQueryClient();
  const settle = (data: MyPartner) => client.setQueryData(partnerKeys.mine, { partner: data.partner ?? null });
  return {
    join: useMutation({
      mutationFn: async (code: string) => (await api.post<MyPartner>('/api/partners/mine', { code })).data,
      onSuccess: settle,
    }),
    leave: useMutation({
      mutationFn: async () => (await api.delete<{ message: string }>('/api/partners/mine')).data,
      onSuccess: () => client.setQueryData(partnerKeys.mine, { partner: null }),
    }),
  };
}

/** The `partner` of a dealer's sign-up link, kept so that the account made on the sign-up page is theirs. */
const partnerLink = keptSignupCode({
  param: 'partner',
  storageKey: 'portal.partner',
  pattern: PARTNER_CODE_PATTERN,
  claimUrl: '/api/partners/mine',
});
export const keepPartnerCode = partnerLink.keep;
export const claimKeptPartner = partnerLink.claim;
