import { useQuery } from '@tanstack/react-query';
import type { Analytics } from '@portal/contracts';
import { api } from '@portal/ui';
import { ANALYTICS_KEY } from '../../lib/shared-cache';

export const analyticsKeys = { all: ANALYTICS_KEY };

export const fetchAnalytics = async () => (await api.get<Analytics>('/api/admin/analytics')).data;

export const useAnalytics = () => useQuery({ queryKey: analyticsKeys.all, queryFn: fetchAnalytics });
