import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FirmDetails, FirmInvitationPreview, FirmSeatsView, FirmSummary, InvitableRole } from '@portal/contracts';
import { api } from '@portal/ui';

export const firmKeys = {
  mine: ['firms'] as const,
  one: (firmId: string) => ['firms', firmId] as const,
  invitation: (token: string) => ['firm-invitation', token] as const,
  seats: (firmId: string) => ['firms', firmId, 'seats'] as const,
};

export const useMyFirms = () =>
  useQuery({ queryKey: firmKeys.mine, queryFn: async () => (await api.get<{ firms: FirmSummary[] }>('/api/firms')).data.firms });

export const useFirm = (firmId: string | null) =>
  useQuery({
    queryKey: firmKeys.one(firmId ?? ''),
    queryFn: async () => (await api.get<{ firm: FirmDetails }>(`/api/firms/${firmId}`)).data.firm,
    enabled: Boolean(firmId),
  });

export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: firmKeys.invitation(token ?? ''),
    queryFn: async () => (await api.get<{ invitation: FirmInvitationPreview }>(`/api/firm-invitations/${token}`)).data.invitation,
    enabled: Boolean(token),
    retry: false,
  });

/** Every firm call answers a message; afterwards the firms are read again. */
function useFirmAction<Input>(call: (input: Input) => Promise<{ data: { message: string } }>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await call(input)).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: firmKeys.mine }),
  });
}

export const useCreateFirm = () => useFirmAction((name: string) => api.post('/api/firms', { name }));
export const useInvite = (firmId: string) =>
  useFirmAction((body: { email: string; role: InvitableRole }) => api.post(`/api/firms/${firmId}/invitations`, body));
export const useWithdrawInvitation = (firmId: string) =>
  useFirmAction((invitationId: string) => api.delete(`/api/firms/${firmId}/invitations/${invitationId}`));
/** Removes a member, or, for oneself, leaves the firm. */
export const useRemoveMember = (firmId: string) => useFirmAction((userId: string) => api.delete(`/api/firms/${firmId}/members/${userId}`));
export const useChangeRole = (firmId: string) =>
  useFirmAction(({ userId, role }: { userId: string; role: InvitableRole }) => api.put(`/api/firms/${firmId}/members/${userId}`, { role }));
export const useTransferOwnership = (firmId: string) =>
  useFirmAction((userId: string) => api.post(`/api/firms/${firmId}/transfer`, { userId }));
export const useDeleteFirm = (firmId: string) => useFirmAction(() => api.delete(`/api/firms/${firmId}`));
export const useAcceptInvitation = () => useFirmAction((token: string) => api.post('/api/firms/invitations/accept', { token }));
/** The owner requires a second factor of every member, or lifts it. */
export const useSecondFactorRule = (firmId: string) =>
  useFirmAction((required: boolean) => api.put(`/api/firms/${firmId}/second-factor`, { required }));

/** The firm's floating seats: who holds which, read again each minute while shown (heartbeats move them). */
export const useFirmSeats = (firmId: string) =>
  useQuery({
    queryKey: firmKeys.seats(firmId),
    queryFn: async () => (await api.get<FirmSeatsView>('/api/licenses/seats', { params: { firmId } })).data,
    refetchInterval: 60_000,
  });

/** Frees a seat (the owner or an admin), or gives back one's own; the seats are read again. */
export function useFreeSeat(firmId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (leaseId: string) =>
      (await api.delete<{ message: string }>(`/api/licenses/seats/${leaseId}`, { params: { firmId } })).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: firmKeys.seats(firmId) }),
  });
}
