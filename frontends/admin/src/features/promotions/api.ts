import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromotion, PromotionView, ReferralCreditRow } from '@portal/contracts';
import { api } from '@portal/ui';

const PROMOTIONS_KEY = ['promotions'] as const;

/** What the form sends: the schema's input, the expiry as an ISO instant. */
export type NewPromotion = Omit<CreatePromotion, 'expiresAt'> & { expiresAt: string | null };

export const fetchPromotions = async () => (await api.get<{ promotions: PromotionView[] }>('/api/admin/promotions')).data.promotions;
const create = async (body: NewPromotion) => (await api.post<{ promotion: PromotionView }>('/api/admin/promotions', body)).data.promotion;
const deactivate = async (code: string) =>
  (await api.post<{ promotion: PromotionView }>(`/api/admin/promotions/${encodeURIComponent(code)}/deactivate`)).data.promotion;

export const usePromotions = () => useQuery({ queryKey: PROMOTIONS_KEY, queryFn: fetchPromotions });

/** Every change refetches the list, so the tab shows what the server now holds. */
function usePromotionChange<Input>(mutationFn: (input: Input) => Promise<PromotionView>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: PROMOTIONS_KEY }) });
}
export const useCreatePromotion = () => usePromotionChange(create);
export const useDeactivatePromotion = () => usePromotionChange(deactivate);

/** The referral credits given, newest first. */
export const useReferralCredits = () =>
  useQuery({
    queryKey: ['referral-credits'],
    queryFn: async () => (await api.get<{ credits: ReferralCreditRow[] }>('/api/admin/referral-credits')).data.credits,
  });
