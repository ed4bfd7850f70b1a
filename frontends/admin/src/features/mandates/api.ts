import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMandatesResponse, MandateState } from '@portal/contracts';
import { api } from '@portal/ui';

export const fetchMandates = async (state: MandateState | '', page: number) =>
  (await api.get<AdminMandatesResponse>('/api/admin/mandates', { params: { page, ...(state ? { state } : {}) } })).data;

/** A page of UPI Autopay mandates; the rows shown stay until the next page or filter answers. */
export const useMandates = (state: MandateState | '', page: number) =>
  useQuery({ queryKey: ['mandates', { state, page }], queryFn: () => fetchMandates(state, page), placeholderData: keepPreviousData });
