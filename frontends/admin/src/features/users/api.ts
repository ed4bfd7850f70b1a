import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSubscriptionUpdate,
  AdminUserRow,
  CustomerTimeline,
  DeliveryLogEntry,
  DeviceView,
  Paged,
  SeatLeaseView,
} from '@portal/contracts';
import { api } from '@portal/ui';
import { ANALYTICS_KEY, useForgetFeedbackOf } from '../../lib/shared-cache';

export const userKeys = {
  all: ['users'] as const,
  list: (search: string, page: number) => ['users', 'list', { search, page }] as const,
  details: (userId: string) => ['users', 'details', userId] as const,
  devices: (userId: string) => ['users', 'devices', userId] as const,
  seats: (userId: string) => ['users', 'seats', userId] as const,
  timeline: (userId: string) => ['users', 'timeline', userId] as const,
  messages: (userId: string) => ['users', 'messages', userId] as const,
};
export type UserList = { users: AdminUserRow[] } & Paged;

const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

export const fetchUsers = async (search: string, page: number) =>
  (await api.get<UserList>('/api/admin/users', { params: { page, ...(search ? { search } : {}) } })).data;
export const fetchUserDetails = async (userId: string) => (await api.get<{ user: AdminUserRow }>(`${userPath(userId)}/details`)).data.user;
/** The body as the form sends it: dates as text and the price as a number, which the server parses. */
export const updateSubscription = async ({ userId, body }: { userId: string; body: Record<keyof AdminSubscriptionUpdate, unknown> }) =>
  api.put(`${userPath(userId)}/subscription`, body);
export const deleteUser = async (userId: string) => api.delete(userPath(userId));
/** A practitioner lost their phone and recovery codes: support resets the second factor. */
export const resetSecondFactor = async (userId: string) =>
  (await api.delete<{ message: string }>(`${userPath(userId)}/second-factor`)).data.message;

/** A page of users; the rows shown stay until the next page or search answers. */
export const useUsers = (search: string, page: number) =>
  useQuery({ queryKey: userKeys.list(search, page), queryFn: () => fetchUsers(search, page), placeholderData: keepPreviousData });

/** Fetched when the dialog opens, so it shows the latest plan even if the table is older. */
export const useUserDetails = (userId: string) => useQuery({ queryKey: userKeys.details(userId), queryFn: () => fetchUserDetails(userId) });

/** A change to a user moves the list and the analytics, so both are fetched again; `after` mends what else showed the user. */
function useUserChange<Input>(mutationFn: (input: Input) => Promise<unknown>, after?: (input: Input) => void) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, input) => {
      after?.(input);
      return Promise.all([queries.invalidateQueries({ queryKey: userKeys.all }), queries.invalidateQueries({ queryKey: ANALYTICS_KEY })]);
    },
  });
}

export const useUpdateSubscription = () => useUserChange(updateSubscription);
export const useDeleteUser = () => useUserChange(deleteUser, useForgetFeedbackOf());
export const useResetSecondFactor = () => useMutation({ mutationFn: resetSecondFactor });

export const useUserDevices = (userId: string) =>
  useQuery({
    queryKey: userKeys.devices(userId),
    queryFn: async () => (await api.get<{ devices: DeviceView[] }>(`${userPath(userId)}/devices`)).data.devices,
  });

export function useDeactivateUserDevice(userId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: string) => (await api.delete<{ message: string }>(`${userPath(userId)}/devices/${deviceId}`)).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: userKeys.devices(userId) }),
  });
}

/** The floating seats held by the person's PCs and on the firms they own. */
export const useUserSeats = (userId: string) =>
  useQuery({
    queryKey: userKeys.seats(userId),
    queryFn: async () => (await api.get<{ leases: SeatLeaseView[] }>(`${userPath(userId)}/seat-leases`)).data.leases,
  });

export function useFreeUserSeat(userId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (leaseId: string) =>
      (await api.delete<{ message: string }>(`${userPath(userId)}/seat-leases/${leaseId}`)).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: userKeys.seats(userId) }),
  });
}

export const useUserTimeline = (userId: string) =>
  useQuery({
    queryKey: userKeys.timeline(userId),
    queryFn: async () => (await api.get<CustomerTimeline>(`${userPath(userId)}/billing-timeline`)).data.events,
  });

export const useUserMessages = (userId: string) =>
  useQuery({
    queryKey: userKeys.messages(userId),
    queryFn: async () => (await api.get<{ messages: DeliveryLogEntry[] }>(`${userPath(userId)}/messages`)).data.messages,
  });

/** "Send again" for a failed message; the log is read again to show it queued. */
export function useSendMessageAgain(userId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) =>
      (await api.post<{ message: string }>(`${userPath(userId)}/messages/${encodeURIComponent(messageId)}/send-again`)).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: userKeys.messages(userId) }),
  });
}
