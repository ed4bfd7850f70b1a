import type {
  AuthResponse,
  DeviceView,
  LedgerLineView,
  PartnerCustomer,
  PartnerView,
  ProformaView,
  SecondFactorStep,
  StatementView,
  TierRates,
} from '@portal/contracts';
import { api } from '@portal/ui';

/** The partner area's calls, one typed fetcher each; the staff member's partner token goes with each /api/partners/area/ call. */
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
export const customers = async (q: string) =>
  (await api.get<{ customers: PartnerCustomer[] }>('/api/partners/area/customers', q ? { params: { q } } : undefined)).data.customers;
export const customer = async (userId: string) =>
  (await api.get<{ customer: PartnerCustomer; devices: DeviceView[] }>(`/api/partners/area/customers/${encodeURIComponent(userId)}`)).data;
export const raiseProforma = async (userId: string, body: { plan: string; billingPeriod: string }) =>
  (await api.post<{ proforma: ProformaView }>(`/api/partners/area/customers/${encodeURIComponent(userId)}/proformas`, body)).data.proforma;
export const statements = async () => (await api.get<{ statements: StatementView[] }>('/api/partners/area/statements')).data.statements;
export const ledger = async () => (await api.get<{ lines: LedgerLineView[] }>('/api/partners/area/ledger')).data.lines;
export const statementUrl = (month: string, format: 'csv' | 'pdf') => `/api/partners/area/statements/${month}/${format}`;
