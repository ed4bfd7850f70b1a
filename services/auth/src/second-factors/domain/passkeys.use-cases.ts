import { SECOND_FACTOR_MESSAGES, type PasskeyRegistration, type PasskeyView } from '@portal/contracts';
import { badRequest, notFound } from '@portal/platform/errors';
import type { AuthContext, SecurityLog } from '@portal/platform';
import type { ChallengeStore, PasskeyCeremonies, PasskeyStore, StoredPasskey } from './ports';

export interface PasskeysDeps {
  passkeys: PasskeyStore;
  ceremonies: PasskeyCeremonies;
  challenges: ChallengeStore;
  securityLog: SecurityLog;
  now: () => Date;
  /** Whose passkeys these are, as the security log names them. */
  owner: 'admin' | 'user';
  /** Refuses a passkey the owner may not add yet (a practitioner's comes after their authenticator). */
  beforeRegistration?: (auth: AuthContext) => Promise<void>;
}

export const toPasskeyView = (passkey: StoredPasskey): PasskeyView => ({
  id: passkey.credentialId,
  name: passkey.name ?? 'Passkey',
  createdAt: (passkey.createdAt ?? new Date(0)).toISOString(),
  lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
});

/** The signed-in person's own passkeys: registered with a WebAuthn ceremony, listed, removed. */
export function passkeysUseCases(deps: PasskeysDeps) {
  const registrationKey = (id: string) => `registration:${deps.owner}:${id}`;
  const subjectOf = (auth: AuthContext) => ({ type: deps.owner, id: auth.userId, label: auth.email });
  const views = async (ownerId: string) => (await deps.passkeys.list(ownerId)).map(toPasskeyView);
  return {
    list: async (auth: AuthContext) => ({ passkeys: await views(auth.userId) }),

    async startRegistration(auth: AuthContext) {
      await deps.beforeRegistration?.(auth);
      const options = await deps.ceremonies.registrationOptions(
        { id: auth.userId, email: auth.email },
        await deps.passkeys.list(auth.userId),
      );
      await deps.challenges.put(registrationKey(auth.userId), options.challenge);
      return options;
    },

    async finishRegistration(auth: AuthContext, response: PasskeyRegistration, name: string) {
      const expected = await deps.challenges.take(registrationKey(auth.userId));
      if (!expected) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyStale);
      const passkey = await deps.ceremonies.verifyRegistration(response, expected);
      if (!passkey) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyRefused);
      await deps.passkeys.add(auth.userId, { ...passkey, name, createdAt: deps.now(), lastUsedAt: null });
      await deps.securityLog({
        kind: 'second-factor',
        outcome: 'success',
        subject: subjectOf(auth),
        reason: 'passkey-added',
        details: { name },
      });
      return { message: SECOND_FACTOR_MESSAGES.passkeyAdded, passkeys: await views(auth.userId) };
    },

    async remove(auth: AuthContext, credentialId: string) {
      if (!(await deps.passkeys.remove(auth.userId, credentialId))) throw notFound(SECOND_FACTOR_MESSAGES.passkeyNotFound);
      await deps.securityLog({ kind: 'second-factor', outcome: 'success', subject: subjectOf(auth), reason: 'passkey-removed' });
      return { message: SECOND_FACTOR_MESSAGES.passkeyRemoved };
    },
  };
}
