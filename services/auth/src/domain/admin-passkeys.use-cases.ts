import { SECOND_FACTOR_MESSAGES, type PasskeyView } from '@portal/contracts';
import { badRequest, notFound } from '@portal/platform/errors';
import type { AuthContext, SecurityLog } from '@portal/platform';
import { adminSubject } from './admin-second-factor.use-cases';
import type { ChallengeStore, PasskeyCeremonies, PasskeyStore, StoredPasskey } from './ports';

export interface AdminPasskeysDeps {
  passkeys: PasskeyStore;
  ceremonies: PasskeyCeremonies;
  challenges: ChallengeStore;
  securityLog: SecurityLog;
  now: () => Date;
}

const registrationKey = (adminId: string) => `registration:${adminId}`;

const toView = (passkey: StoredPasskey): PasskeyView => ({
  id: passkey.credentialId,
  name: passkey.name ?? 'Passkey',
  createdAt: (passkey.createdAt ?? new Date(0)).toISOString(),
  lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
});

async function finishRegistration(deps: AdminPasskeysDeps, admin: AuthContext, response: object, name: string) {
  const expected = await deps.challenges.take(registrationKey(admin.userId));
  if (!expected) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyStale);
  const passkey = await deps.ceremonies.verifyRegistration(response, expected);
  if (!passkey) throw badRequest(SECOND_FACTOR_MESSAGES.passkeyRefused);
  await deps.passkeys.add(admin.userId, { ...passkey, name, createdAt: deps.now(), lastUsedAt: null });
  const subject = adminSubject({ id: admin.userId, email: admin.email });
  await deps.securityLog({ kind: 'second-factor', outcome: 'success', subject, reason: 'passkey-added', details: { name } });
  return { message: SECOND_FACTOR_MESSAGES.passkeyAdded, passkeys: (await deps.passkeys.list(admin.userId)).map(toView) };
}

/** A signed-in admin's own passkeys (issue #49 §1): registered with a WebAuthn ceremony, listed, removed. */
export function adminPasskeysUseCases(deps: AdminPasskeysDeps) {
  return {
    list: async (admin: AuthContext) => ({ passkeys: (await deps.passkeys.list(admin.userId)).map(toView) }),
    async startRegistration(admin: AuthContext) {
      const options = await deps.ceremonies.registrationOptions(
        { id: admin.userId, email: admin.email },
        await deps.passkeys.list(admin.userId),
      );
      await deps.challenges.put(registrationKey(admin.userId), options.challenge);
      return options;
    },
    finishRegistration: (admin: AuthContext, response: object, name: string) => finishRegistration(deps, admin, response, name),
    async remove(admin: AuthContext, credentialId: string) {
      if (!(await deps.passkeys.remove(admin.userId, credentialId))) throw notFound(SECOND_FACTOR_MESSAGES.passkeyNotFound);
      const subject = adminSubject({ id: admin.userId, email: admin.email });
      await deps.securityLog({ kind: 'second-factor', outcome: 'success', subject, reason: 'passkey-removed' });
      return { message: SECOND_FACTOR_MESSAGES.passkeyRemoved };
    },
  };
}
