import { SECOND_FACTOR_MESSAGES, type PasskeyAssertion } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import type { GuessLimit } from '../../shared/ports';
import type { ChallengeStore, PasskeyCeremonies, PasskeyStore } from './ports';

/** A passkey as the second factor of a sign-in, the same for an admin and a practitioner. */
export interface PasskeyProofDeps {
  passkeys: PasskeyStore;
  ceremonies: PasskeyCeremonies;
  challenges: ChallengeStore;
  codeGuesses: GuessLimit;
  now: () => Date;
}

/** The options for the browser's navigator.credentials.get, kept under `key` (the sign-in's own). */
export async function passkeyOptions(deps: PasskeyProofDeps, ownerId: string, key: string) {
  const passkeys = await deps.passkeys.list(ownerId);
  if (!passkeys.length) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyNotFound);
  const options = await deps.ceremonies.authenticationOptions(passkeys);
  await deps.challenges.put(key, options.challenge);
  return options;
}

/**
 * The assertion against the challenge kept under `key`, taken once; a refused one counts as a
 * wrong code, and a use moves the passkey's counter in one conditional update.
 */
export async function provePasskey(deps: PasskeyProofDeps, ownerId: string, key: string, response: PasskeyAssertion, ip: string) {
  const expected = await deps.challenges.take(key);
  if (!expected) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyStale);
  const passkey = (await deps.passkeys.list(ownerId)).find((stored) => stored.credentialId === response.id);
  return deps.codeGuesses.judge(ip, ownerId, async () => {
    if (!passkey) return false;
    const counter = await deps.ceremonies.verifyAuthentication(response, expected, passkey);
    return counter !== null && deps.passkeys.use(ownerId, passkey.credentialId, passkey.counter, counter, deps.now());
  });
}
