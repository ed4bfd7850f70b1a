import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDeletionBody,
  ChangePasswordAnswer,
  ChangePasswordBody,
  MyAccountData,
  OwnSignIn,
  SecondFactorSession,
  SecondFactorSettings,
  TotpEnrolment,
} from '@portal/contracts';
import { api, session } from '@portal/ui';
import { registerPasskey } from '@portal/ui/second-factor';

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
 * access; docs/decisions/0035), joined on the server and recorded there in the audit log.
 */
export const collectMyData = async () => (await api.get<MyAccountData>('/api/account/my-data')).data;

const secondFactorKey = ['auth', 'second-factor'] as const;

/** Whether two-step sign-in is on, its recovery codes left, and whether a firm requires it. */
export const useSecondFactor = () =>
  useQuery({
    queryKey: secondFactorKey,
    queryFn: async () => (await api.get<SecondFactorSettings>('/api/auth/second-factor')).data,
  });

export const startTotpSetUp = async () => (await api.post<TotpEnrolment>('/api/auth/second-factor/totp')).data;

/** The app's first code turns it on; this session goes on with a token that shows the factor. */
export function useConfirmTotp() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await api.post<Required<SecondFactorSession>>('/api/auth/second-factor/totp/confirm', { code })).data,
    onSuccess: (answer) => {
      session.replaceToken(answer.token);
      return queries.invalidateQueries({ queryKey: secondFactorKey });
    },
  });
}

export function useTurnOffTotp() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (proof: { code: string } | { recoveryCode: string }) =>
      (await api.post<{ message: string }>('/api/auth/second-factor/totp/off', proof)).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: secondFactorKey }),
  });
}

/** A passkey, which stands in for the code at sign-in; the settings are read again after. */
function usePasskeyChange<Input>(mutationFn: (input: Input) => Promise<{ message: string }>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: secondFactorKey }) });
}
export const useAddPasskey = () =>
  usePasskeyChange((name: string) =>
    registerPasskey({ options: '/api/auth/second-factor/passkeys/options', add: '/api/auth/second-factor/passkeys' }, name),
  );
export const useRemovePasskey = () =>
  usePasskeyChange(async (id: string) => (await api.delete<{ message: string }>(`/api/auth/second-factor/passkeys/${id}`)).data);

/** The person's last sign-ins, from the security log. */
export const useOwnSignIns = () =>
  useQuery({
    queryKey: ['account', 'sign-ins'] as const,
    queryFn: async () => (await api.get<{ signIns: OwnSignIn[] }>('/api/account/sign-ins')).data.signIns,
  });

/** "This wasn't me": every session ends, this one too; a link to a new password is e-mailed. */
export const useNotMe = () => useMutation({ mutationFn: async () => (await api.post<{ message: string }>('/api/auth/not-me')).data });
