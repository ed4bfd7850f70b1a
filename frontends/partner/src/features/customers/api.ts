import type { CustomerFirm, DeviceView, PartnerCustomer, ProformaView } from '@portal/contracts';
import { api } from '@portal/ui';

/** The partner's own customers, one customer's plan and PCs, and a pro-forma in their name; the partner token goes with each. */
export const customers = async (q: string) =>
  (await api.get<{ customers: PartnerCustomer[] }>('/api/partners/area/customers', q ? { params: { q } } : undefined)).data.customers;
export const customer = async (userId: string) =>
  (
    await api.get<{ customer: PartnerCustomer; devices: DeviceView[]; firms: CustomerFirm[] }>(
      `/api/partners/area/customers/${encodeURIComponent(userId)}`,
    )
  ).data;
export const raiseProforma = async (userId: string, body: { plan: string; billingPeriod: string; firmId?: string }) =>
  (await api.post<{ proforma: ProformaView }>(`/api/partners/area/customers/${encodeURIComponent(userId)}/proformas`, body)).data.proforma;
