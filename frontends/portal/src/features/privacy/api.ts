import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionBody, ChangePasswordAnswer, ChangePasswordBody, MyAccountData } from '@portal/contracts';
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
 * Everything the portal holds about the person as one JSON document (the DPDP Act's right of
 * access; docs/decisions.md): auth's part, which records the download in the audit log, and what
 * their own pages show of billing and feedback.
 */
export async function collectMyData() {
  const [account, periods, payments, devices, feedback] = await Promise.all([
    get<MyAccountData>('/api/auth/my-data'),
    get<{ periods: unknown[] }>('/api/subscription/periods'),
    get<{ payments: unknown[] }>('/api/billing/history'),
    get<{ devices: unknown[] }>('/api/licenses/devices'),
    get<{ feedback: unknown[] }>('/api/feedback/mine'),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: account.profile,
    consents: account.consents,
    subscriptionPeriods: periods.periods,
    payments: payments.payments,
    devices: devices.devices,
    desktopSessions: account.desktopSessions,
    feedback: feedback.feedback,
  };
}
