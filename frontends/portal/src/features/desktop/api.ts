import { useMutation, useQuery } from '@tanstack/react-query';
import type { PendingDevice } from '@portal/contracts';
import { api } from '@portal/ui';

export const desktopKeys = { pending: (userCode: string) => ['desktop', 'pending', userCode] as const };

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
    mutationFn: async (body: { user_code: string; decision: 'approve' | 'deny' }) =>
      (await api.post<{ message: string }>('/api/auth/device/decision', body)).data.message,
  });
