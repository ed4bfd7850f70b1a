import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceView, OfflineActivationResponse, PendingDevice } from '@portal/contracts';
import { api } from '@portal/ui';

export const desktopKeys = {
  pending: (userCode: string) => ['desktop', 'pending', userCode] as const,
  devices: ['desktop', 'devices'] as const,
};

/** Which device asks to be signed in with this code; only asked once a code is entered. */
export const usePendingDevice = (userCode: string | null) =>
  useQuery({
    queryKey: desktopKeys.pending(userCode ?? ''),
    queryFn: async () =>
      (await api.get<{ device: PendingDevice }>('/api/auth/device/pending', { params: { user_code: userCode } })).data.device,
    enabled: Boolean(userCode),
    staleTime: 0,
  });

export const useDeviceDecision = () =>
  useMutation({
    mutationFn: async (body: { user_code: string; decision: 'approve' | 'deny'; firmId?: string }) =>
      (await api.post<{ message: string }>('/api/auth/device/decision', body)).data.message,
  });

export const useDevices = () =>
  useQuery({
    queryKey: desktopKeys.devices,
    queryFn: async () => (await api.get<{ devices: DeviceView[] }>('/api/licenses/devices')).data.devices,
  });

/** Deactivates one of the user's devices; the list is read again. */
export function useDeactivateDevice() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: string) => (await api.delete<{ message: string }>(`/api/licenses/devices/${deviceId}`)).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: desktopKeys.devices }),
  });
}

/** A PC without internet: its request file's text gives a licence file; the list is read again. */
export function useActivateByFile() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (request: string) =>
      (await api.post<OfflineActivationResponse>('/api/licenses/offline/activations', { request })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: desktopKeys.devices }),
  });
}

/** The deactivation file that PC wrote frees its place. */
export function useDeactivateByFile() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (proof: string) =>
      (await api.post<{ message: string }>('/api/licenses/offline/deactivations', { proof })).data.message,
    onSuccess: () => queries.invalidateQueries({ queryKey: desktopKeys.devices }),
  });
}
