import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type AdminFirmsResponse } from '@portal/contracts';
import { api } from '@portal/ui';

export const fetchFirmsPage = async (page: number) =>
  (await api.get<AdminFirmsResponse>('/api/admin/firms', { params: { page, limit: PAGE_SIZE } })).data;

export const useFirmsPage = (page: number) => useQuery({ queryKey: ['firms', page], queryFn: () => fetchFirmsPage(page) });
