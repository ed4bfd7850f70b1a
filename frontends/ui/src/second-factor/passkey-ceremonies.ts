import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../api-client';

// the WebAuthn browser library loads only when a passkey is added or used
const webAuthn = () => import('@simplewebauthn/browser');

/** Registers a passkey: the server's options, the authenticator's answer, the server's word on it. */
export async function registerPasskey(urls: { options: string; add: string }, name: string): Promise<{ message: string }> {
  const { startRegistration } = await webAuthn();
  const optionsJSON = (await api.post<PublicKeyCredentialCreationOptionsJSON>(urls.options)).data;
  const response = await startRegistration({ optionsJSON });
  return (await api.post<{ message: string }>(urls.add, { response, name })).data;
}

/** A passkey as a sign-in's second factor: the sign-in's options, the authenticator's answer, the session. */
export async function signInWithPasskey<Session>(urls: { options: string; verify: string }, challenge: string): Promise<Session> {
  const { startAuthentication } = await webAuthn();
  const optionsJSON = (await api.post<PublicKeyCredentialRequestOptionsJSON>(urls.options, { challenge })).data;
  const response = await startAuthentication({ optionsJSON });
  return (await api.post<Session>(urls.verify, { challenge, response })).data;
}
