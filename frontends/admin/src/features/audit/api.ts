import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type AuditEvent } from '@portal/contracts';
import { api } from '@portal/ui';

export type AuditPage = { entries: (AuditEvent & { id: string })[]; total: number };

export const fetchAuditPage = async (page: number) =>
  (await api.get<AuditPage>('/api/admin/audit', { params: { page, limit: PAGE_SIZE } })).data;

export const useAuditPage = (page: number) => useQuery({ queryKey: ['audit', page], queryFn: () => fetchAuditPage(page) });
