import { useQuery } from '@tanstack/react-query';
import type { Analytics } from '@portal/contracts';
import { api } from '@portal/ui';

export const analyticsKeys = { all: ['analytics'] as const };

export const fetchAnalytics = async () => (await api.get<Analytics>('/api/admin/analytics')).data;

export const useAnalytics = () => useQuery({ queryKey: analyticsKeys.all, queryFn: fetchAnalytics });
