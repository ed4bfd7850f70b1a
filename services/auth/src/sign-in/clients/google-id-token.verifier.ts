import { OAuth2Client } from 'google-auth-library';
import { unauthorized } from '@portal/platform';
import type { GoogleIdentity, GoogleVerifier } from '../domain/ports';

export interface GoogleVerifierOptions {
  clientId: string;
  /** Google's PEM certificate endpoint by default; a local stand-in in tests and `npm start`. */
  certsUrl?: string;
}

/**
 * Verifies a Google ID token on the server: signature against Google's certificates, audience
 * (our client id), issuer and expiry are checked by google-auth-library; a verified e-mail is
 * required here, since the library does not check it.
 */
export function createGoogleVerifier({ clientId, certsUrl }: GoogleVerifierOptions): GoogleVerifier {
  const client = new OAuth2Client({
    clientId,
    // Node's own fetch: gaxios would otherwise load node-fetch through a dynamic import.
    transporterOptions: { fetchImplementation: fetch },
    ...(certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: certsUrl } } : {}),
  });
  return async (idToken): Promise<GoogleIdentity> => {
    let payload;
    try {
      payload = (await client.verifyIdToken({ idToken, audience: clientId })).getPayload();
    } catch {
      throw unauthorized('Google sign-in failed: the Google credential could not be verified.');
    }
    if (!payload?.sub || !payload.email) throw unauthorized('Google sign-in failed: the Google credential has no e-mail address.');
    if (payload.email_verified !== true) throw unauthorized('Google sign-in failed: your Google e-mail address is not verified.');
    return {
      subject: payload.sub,
      email: payload.email.toLowerCase(),
      firstName: payload.given_name ?? payload.name ?? '',
      lastName: payload.family_name ?? '',
      picture: payload.picture ?? null,
    };
  };
}
