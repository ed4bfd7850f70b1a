import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerTier, PartnerView, StatementView, TierRates } from '@portal/contracts';
import { api } from '@portal/ui';

const PARTNERS_KEY = ['partners'] as const;

export interface NewPartner {
  legalName: string;
  gstin: string | null;
  pan: string;
  bank: { accountName: string; accountNumber: string; ifsc: string };
  tier: PartnerTier;
}

export const usePartners = () =>
  useQuery({
    queryKey: PARTNERS_KEY,
    queryFn: async () => (await api.get<{ partners: PartnerView[]; rates: Record<PartnerTier, TierRates> }>('/api/admin/partners')).data,
  });

export const useStatements = (partnerId: string) =>
  useQuery({
    queryKey: [...PARTNERS_KEY, partnerId, 'statements'],
    queryFn: async () => (await api.get<{ statements: StatementView[] }>(`/api/admin/partners/${partnerId}/statements`)).data.statements,
  });

/** Every change refetches the partners (and their statements), so the tab shows what the server now holds. */
function usePartnerChange<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: PARTNERS_KEY }) });
}

export const useCreatePartner = () =>
  usePartnerChange(
    async (body: NewPartner) => (await api.post<{ partner: PartnerView; message: string }>('/api/admin/partners', body)).data,
  );
export const useUpdatePartner = () =>
  usePartnerChange(
    async ({ id, ...changes }: { id: string; tier?: PartnerTier; status?: 'active' | 'suspended' }) =>
      (await api.patch<{ partner: PartnerView; message: string }>(`/api/admin/partners/${id}`, changes)).data,
  );
export const useAddStaff = () =>
  usePartnerChange(
    async ({ id, email }: { id: string; email: string }) =>
      (await api.post<{ partner: PartnerView; message: string }>(`/api/admin/partners/${id}/staff`, { email })).data,
  );
export const useRecordPayout = () =>
  usePartnerChange(
    async ({ id, month, utr, paidOn }: { id: string; month: string; utr: string; paidOn: string }) =>
      (
        await api.post<{ statement: StatementView; message: string }>(`/api/admin/partners/${id}/statements/${month}/payout`, {
          utr,
          paidOn,
        })
      ).data,
  );
export const useSetRates = () =>
  usePartnerChange(
    async ({ tier, rates }: { tier: PartnerTier; rates: TierRates }) =>
      (await api.put<{ rates: Record<PartnerTier, TierRates>; message: string }>(`/api/admin/partner-tiers/${tier}`, rates)).data,
  );
