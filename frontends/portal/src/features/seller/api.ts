import { useQuery } from '@tanstack/react-query';
import type { SellerDetails } from '@portal/contracts';
import { api } from '@portal/ui';

/** Who sells the product, for the contact and policy pages; it changes only with the settings. */
export const useSeller = () =>
  useQuery({
    queryKey: ['seller'],
    queryFn: async () => (await api.get<SellerDetails>('/api/seller')).data,
    staleTime: Infinity,
  });
