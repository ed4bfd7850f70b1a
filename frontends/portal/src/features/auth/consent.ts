import { useMutation } from '@tanstack/react-query';
import { currentPolicyVersions, type ConsentStatus } from '@portal/contracts';
import { api, session, useAuth } from '@portal/ui';

/**
 * Accepts the versions in force, with the age when the account has none; the answer's token
 * carries the acceptance, so it replaces the session's before the auth state lets the person on.
 */
export function useAcceptPolicies() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: async (age?: number) =>
      (await api.post<ConsentStatus>('/api/auth/consent', { accepted: currentPolicyVersions(), ...(age === undefined ? {} : { age }) }))
        .data,
    onSuccess: async ({ token }) => {
      if (token) session.replaceToken(token);
      await refresh();
    },
  });
}
