import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyCeremonies, StoredPasskey } from '../domain/ports';

/**
 * WebAuthn's two ceremonies through @simplewebauthn/server, for the portal's own origin: the relying
 * party is PUBLIC_URL's host name. A passkey must show the person's presence and verification.
 */
export function passkeyCeremonies(publicUrl: string): PasskeyCeremonies {
  const { hostname: rpID, origin } = new URL(publicUrl);
  const fromBase64 = (value: string) => new Uint8Array(Buffer.from(value, 'base64url'));
  return {
    registrationOptions: (owner, existing) =>
      generateRegistrationOptions({
        rpName: 'Tax Practitioner Portal',
        rpID,
        userName: owner.email,
        userID: new Uint8Array(Buffer.from(owner.id)),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      }),
    async verifyRegistration(response, expectedChallenge) {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      if (!result?.verified) return null;
      const { credential } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    },
    authenticationOptions: (passkeys) =>
      generateAuthenticationOptions({
        rpID,
        allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
        userVerification: 'required',
      }),
    async verifyAuthentication(response, expectedChallenge, passkey: StoredPasskey) {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: fromBase64(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }).catch(() => null);
      return result?.verified ? result.authenticationInfo.newCounter : null;
    },
  };
}
