import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListEntry, AdminRole } from '@portal/contracts';
import { api } from '@portal/ui';

const ADMINS_KEY = ['admins'] as const;

export const fetchAdmins = async () => (await api.get<{ admins: AdminListEntry[] }>('/api/admin/admins')).data.admins;
const invite = async (body: { email: string; role: AdminRole }) => (await api.post<{ message: string }>('/api/admin/admins', body)).data;
const changeRole = async ({ id, role }: { id: string; role: AdminRole }) =>
  (await api.put<{ message: string }>(`/api/admin/admins/${id}/role`, { role })).data;
const remove = async (id: string) => (await api.delete<{ message: string }>(`/api/admin/admins/${id}`)).data;
const resetSecondFactor = async (id: string) => (await api.delete<{ message: string }>(`/api/admin/admins/${id}/second-factor`)).data;

export const useAdmins = () => useQuery({ queryKey: ADMINS_KEY, queryFn: fetchAdmins });

/** Every change refetches the list, so the tab shows what the server now holds. */
function useAdminChange<Input>(mutationFn: (input: Input) => Promise<{ message: string }>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: ADMINS_KEY }) });
}
export const useInviteAdmin = () => useAdminChange(invite);
export const useChangeAdminRole = () => useAdminChange(changeRole);
export const useRemoveAdmin = () => useAdminChange(remove);
export const useResetSecondFactor = () => useAdminChange(resetSecondFactor);
