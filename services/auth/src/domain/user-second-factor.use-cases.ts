import {
  hasSecondFactor,
  SECOND_FACTOR_MESSAGES,
  TOKEN_AUDIENCE,
  type AuthResponse,
  type PasskeyAssertion,
  type SecondFactor,
  type SecondFactorSession,
  type SecondFactorSettings,
  type SecondFactorStep,
  type TotpEnrolment,
} from '@portal/contracts';
import type { AuditPublisher, AuthContext, SecurityLog, TokenVerifier } from '@portal/platform';
import { badRequest, conflict, notFound, unauthorized } from '@portal/platform/errors';
import { signedInPerson } from './firm-access';
import { toPasskeyView } from './passkeys.use-cases';
import type { TokenIssuer, UserRecord, UserStore } from './ports';
import { toPublicUser } from './public-user';
import { userTokenSubject } from './token-subject';
import { passkeyOptions, provePasskey, type PasskeyProofDeps } from './passkey-proofs';
import { beginTotp, confirmTotp, proveSecondFactor, type Proof, type TotpProofDeps } from './totp-proofs';

export interface UserSecondFactorDeps extends TotpProofDeps, PasskeyProofDeps {
  users: UserStore;
  tokens: TokenIssuer;
  verifyToken: TokenVerifier;
  securityLog: SecurityLog;
  audit: AuditPublisher;
  /** A firm the person belongs to requires a second factor (firm-access). */
  requiredByFirm: (userId: string) => Promise<boolean>;
}

const subjectOf = (user: { id: string; email: string }) => ({ type: 'user', id: user.id, label: user.email });

/**
 * A practitioner's optional second factor: set up and turned off from Security and
 * Privacy, asked for after the password or Google, and required of a firm's members when its owner
 * says so (they set it up at that sign-in).
 */
export function userSecondFactorUseCases(deps: UserSecondFactorDeps) {
  const log = (user: UserRecord, outcome: 'success' | 'failure', reason: string) =>
    deps.securityLog({ kind: 'second-factor', outcome, subject: subjectOf(user), reason });

  const person = (userId: string) => signedInPerson(deps.users, userId);

  /** A wrong code: 401 inside a sign-in; 400 in a signed-in session, where a 401 would sign the person out. */
  async function wrong(
    user: UserRecord,
    reason: string,
    { signedIn = false, message = SECOND_FACTOR_MESSAGES.wrongCode as string } = {},
  ): Promise<never> {
    await log(user, 'failure', reason);
    throw (signedIn ? badRequest : unauthorized)(message);
  }
  const passkeyKey = (challenge: AuthContext) => `user-sign-in:${challenge.tokenId}`;

  async function challenged(challenge: string): Promise<{ user: UserRecord; auth: AuthContext }> {
    const auth = await deps.verifyToken(challenge, TOKEN_AUDIENCE.userChallenge).catch(() => {
      throw unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
    });
    const user = await deps.users.findById(auth.userId);
    if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
    return { user, auth };
  }

  /** The challenge is used up; the session carries both factors. */
  async function signedIn(user: UserRecord, challenge: AuthContext, factor: SecondFactor): Promise<AuthResponse> {
    await deps.tokens.revoke(challenge.tokenId, challenge.expiresAt);
    const first = challenge.methods?.[0] ?? 'pwd';
    await deps.securityLog({ kind: 'sign-in', outcome: 'success', subject: subjectOf(user), reason: `${first}+${factor}` });
    return { token: deps.tokens.issue(userTokenSubject(user, [first, factor]), TOKEN_AUDIENCE.user), user: toPublicUser(user) };
  }

  return {
    /** After the first factor (`pwd` or `google`): the step still due, or null when the person goes straight in. */
    async stepAfter(user: UserRecord, first: 'pwd' | 'google'): Promise<SecondFactorStep | null> {
      const enrol = !user.totp && (await deps.requiredByFirm(user.id));
      if (!user.totp && !enrol) return null;
      const challenge = deps.tokens.issue({ id: user.id, email: user.email, amr: [first] }, TOKEN_AUDIENCE.userChallenge);
      if (enrol) return { secondFactor: 'enrol', challenge, passkey: false, message: SECOND_FACTOR_MESSAGES.firmRequiresEnrolment };
      return { secondFactor: 'totp', challenge, passkey: (await deps.passkeys.list(user.id)).length > 0 };
    },

    /** A passkey instead of the code: the options for this sign-in's challenge only. */
    async passkeyOptions(challenge: string) {
      const { user, auth } = await challenged(challenge);
      return passkeyOptions(deps, user.id, passkeyKey(auth));
    },

    async verifyPasskey(challenge: string, response: PasskeyAssertion, ip: string): Promise<SecondFactorSession> {
      const { user, auth } = await challenged(challenge);
      if (!(await provePasskey(deps, user.id, passkeyKey(auth), response, ip))) {
        return wrong(user, 'wrong-passkey', { message: SECOND_FACTOR_MESSAGES.passkeyRefused });
      }
      return signedIn(user, auth, 'hwk');
    },

    async verify(challenge: string, proof: Proof, ip: string): Promise<SecondFactorSession> {
      const { user, auth } = await challenged(challenge);
      const passed = await proveSecondFactor(deps, deps.users, user, proof, ip);
      if (!passed) return wrong(user, 'recoveryCode' in proof ? 'wrong-recovery-code' : 'wrong-code');
      if (passed.left === undefined) return signedIn(user, auth, 'otp');
      return { ...(await signedIn(user, auth, 'rec')), message: SECOND_FACTOR_MESSAGES.recoveryCodesLeft(passed.left) };
    },

    /** A firm's member without a second factor sets it up inside the sign-in. */
    async startChallengedEnrolment(challenge: string): Promise<TotpEnrolment> {
      const { user } = await challenged(challenge);
      return beginTotp(deps, deps.users, user, user.email);
    },

    async confirmChallengedEnrolment(challenge: string, code: string, ip: string): Promise<SecondFactorSession> {
      const { user, auth } = await challenged(challenge);
      const recoveryCodes = await confirmTotp(deps, deps.users, user, code, ip);
      if (!recoveryCodes) return wrong(user, 'wrong-enrolment-code');
      await log(user, 'success', 'totp-enrolled');
      return { ...(await signedIn(user, auth, 'otp')), recoveryCodes };
    },

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
      if (!recoveryCodes) return wrong(user, 'wrong-enrolment-code', { signedIn: true });
      await log(user, 'success', 'totp-enrolled');
      const amr = [auth.methods?.[0] ?? 'pwd', 'otp'];
      return {
        token: deps.tokens.issue(userTokenSubject(user, amr), TOKEN_AUDIENCE.user),
        user: toPublicUser(user),
        recoveryCodes,
        message: SECOND_FACTOR_MESSAGES.turnedOn,
      };
    },

    /**
     * A person who lost their phone and their recovery codes, once support has made sure who they
     * are: the authenticator and the passkeys go, and the password (or Google) signs in again.
     */
    async resetByAdmin(userId: string, admin: AuthContext): Promise<{ message: string }> {
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
    },

    /** Off (the passkeys with it) only with a current code or a recovery code, and never while a firm requires it. */
    async turnOff(auth: AuthContext, proof: Proof, ip: string): Promise<{ message: string }> {
      const user = await person(auth.userId);
      if (await deps.requiredByFirm(user.id)) throw conflict(SECOND_FACTOR_MESSAGES.requiredByFirm);
      if (!(await proveSecondFactor(deps, deps.users, user, proof, ip))) return wrong(user, 'wrong-code-turning-off', { signedIn: true });
      await deps.users.resetSecondFactor(user.id);
      await deps.passkeys.removeAll(user.id);
      await log(user, 'success', 'totp-removed');
      return { message: SECOND_FACTOR_MESSAGES.turnedOff };
    },
  };
}
