import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionBody, ChangePasswordAnswer, ChangePasswordBody, PublicUser } from '@portal/contracts';
import { api, session } from '@portal/ui';

/** The new password; this session goes on with the new token, every other one has ended. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) => (await api.put<ChangePasswordAnswer>('/api/auth/password', body)).data,
    onSuccess: (answer) => session.replaceToken(answer.token),
  });
}

export const useDeleteAccount = () =>
  useMutation({ mutationFn: async (body: AccountDeletionBody) => (await api.post<{ message: string }>('/api/account/delete', body)).data });

const get = async <T>(url: string) => (await api.get<T>(url)).data;

/**
 * Everything the portal holds about the person, from the same calls their pages make, as one JSON
 * document (the DPDP Act's right of access; docs/decisions.md).
 */
export async function collectMyData() {
  const [profile, periods, payments, devices, desktopSessions, feedback] = await Promise.all([
    get<{ user: PublicUser }>('/api/auth/profile'),
    get<{ periods: unknown[] }>('/api/subscription/periods'),
    get<{ payments: unknown[] }>('/api/billing/history'),
    get<{ devices: unknown[] }>('/api/licenses/devices'),
    get<{ sessions: unknown[] }>('/api/auth/desktop/sessions'),
    get<{ feedback: unknown[] }>('/api/feedback/mine'),
  ]);
  const { consent, ...account } = profile.user;
  return {
    exportedAt: new Date().toISOString(),
    profile: account,
    consents: consent ? [consent] : [],
    subscriptionPeriods: periods.periods,
    payments: payments.payments,
    devices: devices.devices,
    desktopSessions: desktopSessions.sessions,
    feedback: feedback.feedback,
  };
}
