import { SECOND_FACTOR_MESSAGES } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import { challenged, signedIn, wrongCode, type AdminSecondFactorDeps } from './admin-second-factor.use-cases';
import type { ChallengeStore, PasskeyCeremonies, PasskeyStore } from './ports';

export type PasskeySignInDeps = AdminSecondFactorDeps & {
  passkeys: PasskeyStore;
  ceremonies: PasskeyCeremonies;
  challenges: ChallengeStore;
};

const challengeKey = (tokenId: string) => `sign-in:${tokenId}`;

/** The options for the browser's navigator.credentials.get, for this sign-in's challenge only. */
async function passkeyOptions(deps: PasskeySignInDeps, challenge: string) {
  const { admin, auth } = await challenged(deps, challenge);
  const passkeys = await deps.passkeys.list(admin.id);
  if (!passkeys.length) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyNotFound);
  const options = await deps.ceremonies.authenticationOptions(passkeys);
  await deps.challenges.put(challengeKey(auth.tokenId), options.challenge);
  return options;
}

/** A passkey's assertion as the second factor; a refused one counts as a wrong code. */
async function verifyPasskey(deps: PasskeySignInDeps, challenge: string, response: { id: string }, ip: string) {
  const { admin, auth } = await challenged(deps, challenge);
  const expected = await deps.challenges.take(challengeKey(auth.tokenId));
  if (!expected) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyStale);
  const passkey = (await deps.passkeys.list(admin.id)).find((stored) => stored.credentialId === response.id);
  const right = await deps.codeGuesses.judge(ip, admin.id, async () => {
    if (!passkey) return false;
    const counter = await deps.ceremonies.verifyAuthentication(response, expected, passkey);
    return counter !== null && deps.passkeys.use(admin.id, passkey.credentialId, passkey.counter, counter, deps.now());
  });
  if (!right) return wrongCode(deps, admin, 'wrong-passkey', SECOND_FACTOR_MESSAGES.passkeyRefused);
  return signedIn(deps, admin, auth, 'hwk');
}

/** Signing in with a passkey instead of the authenticator's code (issue #49 §1). */
export function adminPasskeySignIn(deps: PasskeySignInDeps) {
  return {
    options: (challenge: string) => passkeyOptions(deps, challenge),
    verify: (challenge: string, response: { id: string }, ip: string) => verifyPasskey(deps, challenge, response, ip),
  };
}
