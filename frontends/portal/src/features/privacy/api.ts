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

/**
 * Everything the portal holds about the person as one JSON document (the DPDP Act's right of
 * access; docs/decisions.md), joined on the server and recorded there in the audit log.
 */
export const collectMyData = async () => (await api.get<MyAccountData>('/api/account/my-data')).data;
