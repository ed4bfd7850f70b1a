import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyView } from '@portal/contracts';
import { api } from '@portal/ui';
import { registerPasskey } from '@portal/ui/second-factor';

const PASSKEYS_KEY = ['passkeys'] as const;

const addPasskey = (name: string) => registerPasskey({ options: '/api/admin/passkeys/options', add: '/api/admin/passkeys' }, name);
const removePasskey = async (id: string) => (await api.delete<{ message: string }>(`/api/admin/passkeys/${id}`)).data;

export const usePasskeys = () =>
  useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async () => (await api.get<{ passkeys: PasskeyView[] }>('/api/admin/passkeys')).data.passkeys,
  });

function usePasskeyChange<Input>(mutationFn: (input: Input) => Promise<{ message: string }>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: PASSKEYS_KEY }) });
}
export const useAddPasskey = () => usePasskeyChange(addPasskey);
export const useRemovePasskey = () => usePasskeyChange(removePasskey);
