import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BillingHistoryResponse, BillingProfile, billingProfileSchema } from '@portal/contracts';
import { api } from '@portal/ui';

export const billingKeys = { profile: ['billing', 'profile'] as const, history: ['billing', 'history'] as const };

/** What the form sends: the schema's input, which the server trims, upper-cases and checks. */
export type BillingProfileForm = z.input<typeof billingProfileSchema>;

export const fetchBillingProfile = async () => (await api.get<{ profile: BillingProfile | null }>('/api/billing/profile')).data.profile;
export const saveBillingProfile = async (body: BillingProfileForm) =>
  (await api.put<{ profile: BillingProfile; message: string }>('/api/billing/profile', body)).data;

export const useBillingProfile = () => useQuery({ queryKey: billingKeys.profile, queryFn: fetchBillingProfile });

/** Saves the details; the cached profile becomes the server's answer. */
export function useSaveBillingProfile() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: saveBillingProfile,
    onSuccess: ({ profile }) => queries.setQueryData(billingKeys.profile, profile),
  });
}

export const fetchBillingHistory = async () => (await api.get<BillingHistoryResponse>('/api/billing/history')).data.payments;
export const useBillingHistory = () => useQuery({ queryKey: billingKeys.history, queryFn: fetchBillingHistory });
