import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PARTNER_CODE_PATTERN } from '@portal/contracts';
import { api } from '@portal/ui';

/** The partner code a dealer's link carried, kept from the sign-up page until the new account can claim it. */
const KEPT_CODE = 'portal.partner';

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

/** Keeps the `partner` of a dealer's sign-up link (`/signup?partner=…`), so that the account made on this page is theirs. */
export function keepPartnerCode(params: URLSearchParams): void {
  const code = params.get('partner')?.replace(/\s+/g, '').toUpperCase();
  if (code && PARTNER_CODE_PATTERN.test(code)) localStorage.setItem(KEPT_CODE, code);
}

/**
 * Joins the kept partner for the account just made, once, whatever the answer (an unknown code
 * holds up no sign-up; the profile takes a code later). Sent with the new account's token before
 * the sign-in moves on, which may load another page and cut off a call under way.
 */
export async function claimKeptPartner(token: string): Promise<void> {
  const code = localStorage.getItem(KEPT_CODE);
  if (!code) return;
  localStorage.removeItem(KEPT_CODE);
  await fetch('/api/partners/mine', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ code }),
  }).catch(() => undefined);
}
