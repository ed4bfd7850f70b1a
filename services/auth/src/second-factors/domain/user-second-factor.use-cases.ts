import {
  hasSecondFactor,
  SECOND_FACTOR_MESSAGES,
  TOKEN_AUDIENCE,
  type SecondFactorSession,
  type SecondFactorSettings,
  type TotpEnrolment,
} from '@portal/contracts';
import type { AuthContext } from '@portal/platform';
import { conflict, notFound } from '@portal/platform/errors';
import { signedInPerson } from '../../shared/signed-in-person';
import { toPublicUser } from '../../shared/public-user';
import { userTokenSubject } from '../../shared/token-subject';
import { challengedSignIn } from './challenged-sign-in';
import { toPasskeyView } from './passkeys.use-cases';
import { logOutcome, refuseProof, subjectOf, type UserSecondFactorDeps } from './second-factor-outcomes';
import { beginTotp, confirmTotp, proveSecondFactor, type Proof } from './totp-proofs';

export type { UserSecondFactorDeps } from './second-factor-outcomes';

/**
 * A practitioner's optional second factor: set up and turned off from Security and
 * Privacy, asked for after the password or Google (challenged-sign-in.ts), and required of a
 * firm's members when its owner says so (they set it up at that sign-in).
 */
export function userSecondFactorUseCases(deps: UserSecondFactorDeps) {
  const person = (userId: string) => signedInPerson(deps.users, userId);

  return {
    ...challengedSignIn(deps),

    /** The session did not show the second factor the person has (or their firm requires). */
    async missingFrom({ userId, methods }: Pick<AuthContext, 'userId' | 'methods'>): Promise<boolean> {
      if (hasSecondFactor(methods)) return false;
      const user = await person(userId);
      return Boolean(user.totp) || (await deps.requiredByFirm(userId));
    },

    async settings(userId: string): Promise<SecondFactorSettings> {
      const user = await person(userId);
      return {
        totp: Boolean(user.totp),
        recoveryCodesLeft: user.totp ? user.recoveryCodeHashes.length : 0,
        passkeys: (await deps.passkeys.list(userId)).map(toPasskeyView),
        requiredByFirm: await deps.requiredByFirm(userId),
      };
    },

    /** A practitioner's passkeys stand in for the code, so they come after it, with its recovery codes. */
    async assertOn(auth: AuthContext): Promise<void> {
      if (!(await person(auth.userId)).totp) throw conflict(SECOND_FACTOR_MESSAGES.passkeyAfterTotp);
    },

    /** From Security and Privacy, signed in. */
    async startEnrolment(auth: AuthContext): Promise<TotpEnrolment> {
      const user = await person(auth.userId);
      return beginTotp(deps, deps.users, user, user.email);
    },

    /** The session goes on with a token that shows the new factor. */
    async confirmEnrolment(auth: AuthContext, code: string, ip: string): Promise<SecondFactorSession> {
      const user = await person(auth.userId);
      const recoveryCodes = await confirmTotp(deps, deps.users, user, code, ip);
      if (!recoveryCodes) return refuseProof(deps, user, 'wrong-enrolment-code', { signedIn: true });
      await logOutcome(deps, user, 'success', 'totp-enrolled');
      const amr = [auth.methods?.[0] ?? 'pwd', 'otp'];
      return {
        token: deps.tokens.issue(userTokenSubject(user, amr), TOKEN_AUDIENCE.user),
        user: toPublicUser(user),
        recoveryCodes,
        message: SECOND_FACTOR_MESSAGES.turnedOn,
      };
    },

    resetByAdmin: (userId: string, admin: AuthContext) => resetByAdmin(deps, userId, admin),

    /** Off (the passkeys with it) only with a current code or a recovery code, and never while a firm requires it. */
    async turnOff(auth: AuthContext, proof: Proof, ip: string): Promise<{ message: string }> {
      const user = await person(auth.userId);
      if (await deps.requiredByFirm(user.id)) throw conflict(SECOND_FACTOR_MESSAGES.requiredByFirm);
      if (!(await proveSecondFactor(deps, deps.users, user, proof, ip)))
        return refuseProof(deps, user, 'wrong-code-turning-off', { signedIn: true });
      await deps.users.resetSecondFactor(user.id);
      await deps.passkeys.removeAll(user.id);
      await logOutcome(deps, user, 'success', 'totp-removed');
      return { message: SECOND_FACTOR_MESSAGES.turnedOff };
    },
  };
}

/**
 * A person who lost their phone and their recovery codes, once support has made sure who they
 * are: the authenticator and the passkeys go, and the password (or Google) signs in again.
 */
async function resetByAdmin(deps: UserSecondFactorDeps, userId: string, admin: AuthContext): Promise<{ message: string }> {
  const user = await deps.users.findById(userId);
  if (!user) throw notFound('No user with this id');
  const passkeys = (await deps.passkeys.list(user.id)).length;
  await deps.users.resetSecondFactor(user.id);
  await deps.passkeys.removeAll(user.id);
  await deps.audit({
    actor: admin.email,
    action: 'user.second-factor-reset',
    target: subjectOf(user),
    before: { totp: Boolean(user.totp), passkeys },
    after: { totp: false, passkeys: 0 },
  });
  return { message: SECOND_FACTOR_MESSAGES.resetByAdmin };
}
