import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BillingHistoryResponse, BillingProfile, billingProfileSchema } from '@portal/contracts';
import { api } from '@portal/ui';
import { firmParams, type FirmScope } from '../../lib/firm-scope';

/** Whose billing: the person's own (null), or a firm's they manage (issue #30). */

export const billingKeys = {
  profile: (firmId: FirmScope = null) => ['billing', 'profile', firmId ?? 'own'] as const,
  history: (firmId: FirmScope = null) => ['billing', 'history', firmId ?? 'own'] as const,
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
export const useBillingHistory = (firmId: FirmScope = null) =>
  useQuery({ queryKey: billingKeys.history(firmId), queryFn: () => fetchBillingHistory(firmId) });
