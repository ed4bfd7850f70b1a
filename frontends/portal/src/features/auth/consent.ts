import { useMutation } from '@tanstack/react-query';
import { currentPolicyVersions, type ConsentStatus } from '@portal/contracts';
import { api, useAuth } from '@portal/ui';

/** Accepts the versions in force; the auth state then lets the person on. */
export function useAcceptPolicies() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: async () => (await api.post<ConsentStatus>('/api/auth/consent', { accepted: currentPolicyVersions() })).data,
    onSuccess: () => refresh(),
  });
}
