import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyView } from '@portal/contracts';
import { api } from '@portal/ui';

const PASSKEYS_KEY = ['passkeys'] as const;

// the WebAuthn browser library loads only when a passkey is added
const webAuthn = () => import('@simplewebauthn/browser');

async function addPasskey(name: string) {
  const { startRegistration } = await webAuthn();
  const optionsJSON = (await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/admin/passkeys/options')).data;
  const response = await startRegistration({ optionsJSON });
  return (await api.post<{ message: string }>('/api/admin/passkeys', { response, name })).data;
}
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
