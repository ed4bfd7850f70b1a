import type { AuthResponse, PartnerView, SecondFactorStep, TierRates } from '@portal/contracts';
import { api } from '@portal/ui';

/** The staff member's sign-in (password, then the authenticator's code), its partner token, and the partner it names. */
export const passwordStep = async (body: { email: string; password: string }) =>
  (await api.post<AuthResponse | SecondFactorStep>('/api/auth/login', body)).data;
export const codeStep = async (challenge: string, proof: { code: string } | { recoveryCode: string }) =>
  (await api.post<AuthResponse>('/api/auth/login/second-factor', { challenge, ...proof })).data;
/** The person's own token, just issued, buys the partner token; it is not kept as a practitioner's session. */
export const partnerSession = async (userToken: string) =>
  (
    await api.post<{ token: string; partnerId: string; email: string }>('/api/auth/partner/session', undefined, {
      headers: { Authorization: `Bearer ${userToken}` },
    })
  ).data;
export const ownPartner = async () =>
  (await api.get<{ partner: PartnerView; link: string; rates: TierRates }>('/api/partners/area/me')).data;
