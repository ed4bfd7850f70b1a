import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationPreferencesAnswer } from '@portal/contracts';
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
