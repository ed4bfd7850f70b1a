import { SECOND_FACTOR_MESSAGES, type PasskeyAssertion } from '@portal/contracts';
import { passkeyOptions, provePasskey, type PasskeyProofDeps } from '../../second-factors';
import { challenged, signedIn, wrongCode, type AdminSecondFactorDeps } from './admin-second-factor.use-cases';

export type PasskeySignInDeps = AdminSecondFactorDeps & PasskeyProofDeps;

const challengeKey = (tokenId: string) => `sign-in:${tokenId}`;

/** Signing in with a passkey instead of the authenticator's code. */
export function adminPasskeySignIn(deps: PasskeySignInDeps) {
  return {
    async options(challenge: string) {
      const { admin, auth } = await challenged(deps, challenge);
      return passkeyOptions(deps, admin.id, challengeKey(auth.tokenId));
    },
    async verify(challenge: string, response: PasskeyAssertion, ip: string) {
      const { admin, auth } = await challenged(deps, challenge);
      if (!(await provePasskey(deps, admin.id, challengeKey(auth.tokenId), response, ip))) {
        return wrongCode(deps, admin, 'wrong-passkey', SECOND_FACTOR_MESSAGES.passkeyRefused);
      }
      return signedIn(deps, admin, auth, 'hwk');
    },
  };
}
