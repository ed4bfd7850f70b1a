import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BillingHistoryEntry,
  BillingHistoryResponse,
  BillingProfile,
  billingProfileSchema,
  ProformaView,
  requestProformaSchema,
} from '@portal/contracts';
import { api } from '@portal/ui';
import { firmParams, type FirmScope } from '../../lib/firm-scope';

/** Whose billing: the person's own (null), or a firm's they manage. */

export const billingKeys = {
  profile: (firmId: FirmScope = null) => ['billing', 'profile', firmId ?? 'own'] as const,
  history: (firmId: FirmScope = null) => ['billing', 'history', firmId ?? 'own'] as const,
  proformas: (firmId: FirmScope = null) => ['billing', 'proformas', firmId ?? 'own'] as const,
};

/** What the form sends: the schema's input, which the server trims, upper-cases and checks. */
export type BillingProfileForm = z.input<typeof billingProfileSchema>;

export const fetchBillingProfile = async (firmId: FirmScope = null) =>
  (await api.get<{ profile: BillingProfile | null }>('/api/billing/profile', firmParams(firmId))).data.profile;
export const saveBillingProfile = async (body: BillingProfileForm, firmId: FirmScope = null) =>
  (await api.put<{ profile: BillingProfile; message: string }>('/api/billing/profile', body, firmParams(firmId))).data;

export const useBillingProfile = (firmId: FirmScope = null) =>
  useQuery({ queryKey: billingKeys.profile(firmId), queryFn: () => fetchBillingProfile(firmId) });

/** Saves the details; the cached profile becomes the server's answer. */
export function useSaveBillingProfile(firmId: FirmScope = null) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfileForm) => saveBillingProfile(body, firmId),
    onSuccess: ({ profile }) => queries.setQueryData(billingKeys.profile(firmId), profile),
  });
}

export const fetchBillingHistory = async (firmId: FirmScope = null) =>
  (await api.get<BillingHistoryResponse>('/api/billing/history', firmParams(firmId))).data.payments;

/** How often the history is asked again while a paid order's tax invoice is still being issued, and for how long at most. */
export const INVOICE_ISSUE_POLL_MS = 3000;
const INVOICE_ISSUE_POLLS = 20;

/** A paid order's invoice is issued by billing's worker just after the payment, so it may trail the payment by a few seconds. */
export const invoiceBeingIssued = (payment: BillingHistoryEntry) => payment.status === 'completed' && !payment.invoice;

export const useBillingHistory = (firmId: FirmScope = null) =>
  useQuery({
    queryKey: billingKeys.history(firmId),
    queryFn: () => fetchBillingHistory(firmId),
    refetchInterval: ({ state }) =>
      state.dataUpdateCount <= INVOICE_ISSUE_POLLS && state.data?.some(invoiceBeingIssued) ? INVOICE_ISSUE_POLL_MS : false,
  });

/** The account's pro-formas, and its credit with us from transfers that paid over. */
export const useProformas = (firmId: FirmScope = null) =>
  useQuery({
    queryKey: billingKeys.proformas(firmId),
    queryFn: async () => (await api.get<{ proformas: ProformaView[]; credit: number }>('/api/billing/proformas', firmParams(firmId))).data,
  });

/** Asks for a pro-forma to pay by bank transfer; the list shows it at once. */
export function useRequestProforma(firmId: FirmScope = null) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof requestProformaSchema>) =>
      (await api.post<{ proforma: ProformaView }>('/api/billing/proformas', body, firmParams(firmId))).data.proforma,
    onSuccess: () => queries.invalidateQueries({ queryKey: billingKeys.proformas(firmId) }),
  });
}

/** Where a pro-forma's PDF downloads from, for the buyer's own or their firm's. */
export const proformaUrl = (reference: string, firmId: FirmScope = null) =>
  `/api/billing/proformas/${reference}${firmId ? `?firmId=${firmId}` : ''}`;

/** The buyer's Form 16A for the TDS of a paid pro-forma, sent as the PDF itself. */
export function useUploadForm16a(firmId: FirmScope = null) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ reference, file }: { reference: string; file: File }) =>
      (
        await api.put<{ message: string }>(`/api/billing/proformas/${reference}/form-16a`, file, {
          ...firmParams(firmId),
          headers: { 'Content-Type': 'application/pdf' },
        })
      ).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: billingKeys.proformas(firmId) }),
  });
}
