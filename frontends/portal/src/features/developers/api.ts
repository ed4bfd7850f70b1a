import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyView, CreateApiKeyRequest, NewApiKey } from '@portal/contracts';
import { api } from '@portal/ui';

export const apiKeyKeys = { all: ['auth', 'api-keys'] as const };

export const useApiKeys = () =>
  useQuery({ queryKey: apiKeyKeys.all, queryFn: async () => (await api.get<{ keys: ApiKeyView[] }>('/api/auth/api-keys')).data.keys });

/** Making a key (its `key` shown once) and revoking one; the list is read again after each. */
export function useApiKeyChanges() {
  const client = useQueryClient();
  const settle = () => client.invalidateQueries({ queryKey: apiKeyKeys.all });
  return {
    create: useMutation({
      mutationFn: async (request: CreateApiKeyRequest) => (await api.post<NewApiKey>('/api/auth/api-keys', request)).data,
      onSuccess: settle,
    }),
    revoke: useMutation({
      mutationFn: async (id: string) => void (await api.delete(`/api/auth/api-keys/${id}`)),
      onSuccess: settle,
    }),
  };
}
