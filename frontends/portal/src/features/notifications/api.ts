import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesAnswer, PhoneChannel, PhoneChannelsAnswer } from '@portal/contracts';
import { api } from '@portal/ui';

const preferencesKey = ['notifications', 'preferences'] as const;

/** Which reminders and news the person receives by e-mail. */
export const usePreferences = () =>
  useQuery({
    queryKey: preferencesKey,
    queryFn: async () => (await api.get<NotificationPreferencesAnswer>('/api/notifications/preferences')).data,
  });

/** Saves one choice; the cached choices become the server's answer. */
export function useChoosePreferences() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (choice: Partial<NotificationPreferences>) =>
      (await api.put<NotificationPreferencesAnswer>('/api/notifications/preferences', choice)).data,
    onSuccess: (answer) => queries.setQueryData(preferencesKey, answer),
  });
}

const phoneKey = ['notifications', 'phone'] as const;

/** The person's mobile number, whether it is verified, and their WhatsApp and SMS choice. */
export const usePhone = () =>
  useQuery({
    queryKey: phoneKey,
    queryFn: async () => (await api.get<PhoneChannelsAnswer>('/api/notifications/phone')).data,
  });

/** Sends a code by SMS to the number typed. */
export const useSendPhoneCode = () =>
  useMutation({
    mutationFn: async (mobile: string) => (await api.post<{ message: string }>('/api/notifications/phone', { mobile })).data,
  });

/** The code typed: the number verified; the cached answer becomes the server's. */
export function useVerifyPhone() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await api.post<PhoneChannelsAnswer>('/api/notifications/phone/verify', { code })).data,
    onSuccess: (answer) => queries.setQueryData(phoneKey, answer),
  });
}

/** Turns WhatsApp or SMS on or off. */
export function useChoosePhoneChannels() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (choice: Partial<Record<PhoneChannel, boolean>>) =>
      (await api.put<PhoneChannelsAnswer>('/api/notifications/phone/channels', choice)).data,
    onSuccess: (answer) => queries.setQueryData(phoneKey, answer),
  });
}
