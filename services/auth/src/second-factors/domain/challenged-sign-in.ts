import {
  SECOND_FACTOR_MESSAGES,
  TOKEN_AUDIENCE,
  type AuthResponse,
  type PasskeyAssertion,
  type SecondFactor,
  type SecondFactorSession,
  type SecondFactorStep,
  type TotpEnrolment,
} from '@portal/contracts';
import type { AuthContext } from '@portal/platform';
import { unauthorized } from '@portal/platform/errors';
import type { UserRecord } from '../../shared/ports';
import { toPublicUser } from '../../shared/public-user';
import { userTokenSubject } from '../../shared/token-subject';
import { passkeyOptions, provePasskey } from './passkey-proofs';
import { logOutcome, refuseProof, subjectOf, type UserSecondFactorDeps } from './second-factor-outcomes';
import { beginTotp, confirmTotp, proveSecondFactor, type Proof } from './totp-proofs';

const passkeyKey = (challenge: AuthContext) => `user-sign-in:${challenge.tokenId}`;

/**
 * The second step of a practitioner's sign-in, on the challenge token the first step gave: a code,
 * a recovery code or a passkey, or, for a firm's member who has none yet, setting one up.
 */
export function challengedSignIn(deps: UserSecondFactorDeps) {
  return {
    /** After the first factor (`pwd`, `google` or `sms`): the step still due, or null when the person goes straight in. */
    async stepAfter(user: UserRecord, first: 'pwd' | 'google' | 'sms'): Promise<SecondFactorStep | null> {
      const enrol = !user.totp && (await deps.requiredByFirm(user.id));
      if (!user.totp && !enrol) return null;
      const challenge = deps.tokens.issue({ id: user.id, email: user.email, amr: [first] }, TOKEN_AUDIENCE.userChallenge);
      if (enrol) return { secondFactor: 'enrol', challenge, passkey: false, message: SECOND_FACTOR_MESSAGES.firmRequiresEnrolment };
      return { secondFactor: 'totp', challenge, passkey: (await deps.passkeys.list(user.id)).length > 0 };
    },

    /** A passkey instead of the code: the options for this sign-in's challenge only. */
    async passkeyOptions(challenge: string) {
      const { user, auth } = await challenged(deps, challenge);
      return passkeyOptions(deps, user.id, passkeyKey(auth));
    },

    async verifyPasskey(challenge: string, response: PasskeyAssertion, ip: string): Promise<SecondFactorSession> {
      const { user, auth } = await challenged(deps, challenge);
      if (!(await provePasskey(deps, user.id, passkeyKey(auth), response, ip))) {
        return refuseProof(deps, user, 'wrong-passkey', { message: SECOND_FACTOR_MESSAGES.passkeyRefused });
      }
      return signedIn(deps, user, auth, 'hwk');
    },

    async verify(challenge: string, proof: Proof, ip: string): Promise<SecondFactorSession> {
      const { user, auth } = await challenged(deps, challenge);
      const passed = await proveSecondFactor(deps, deps.users, user, proof, ip);
      if (!passed) return refuseProof(deps, user, 'recoveryCode' in proof ? 'wrong-recovery-code' : 'wrong-code');
      if (passed.left === undefined) return signedIn(deps, user, auth, 'otp');
      return { ...(await signedIn(deps, user, auth, 'rec')), message: SECOND_FACTOR_MESSAGES.recoveryCodesLeft(passed.left) };
    },

    /** A firm's member without a second factor sets it up inside the sign-in. */
    async startChallengedEnrolment(challenge: string): Promise<TotpEnrolment> {
      const { user } = await challenged(deps, challenge);
      return beginTotp(deps, deps.users, user, user.email);
    },

    async confirmChallengedEnrolment(challenge: string, code: string, ip: string): Promise<SecondFactorSession> {
      const { user, auth } = await challenged(deps, challenge);
      const recoveryCodes = await confirmTotp(deps, deps.users, user, code, ip);
      if (!recoveryCodes) return refuseProof(deps, user, 'wrong-enrolment-code');
      await logOutcome(deps, user, 'success', 'totp-enrolled');
      return { ...(await signedIn(deps, user, auth, 'otp')), recoveryCodes };
    },
  };
}

async function challenged(deps: UserSecondFactorDeps, challenge: string): Promise<{ user: UserRecord; auth: AuthContext }> {
  const auth = await deps.verifyToken(challenge, TOKEN_AUDIENCE.userChallenge).catch(() => {
    throw unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
  });
  const user = await deps.users.findById(auth.userId);
  if (!user) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
  return { user, auth };
}

/** The challenge is used up; the session carries both factors. */
async function signedIn(deps: UserSecondFactorDeps, user: UserRecord, challenge: AuthContext, factor: SecondFactor): Promise<AuthResponse> {
  await deps.tokens.revoke(challenge.tokenId, challenge.expiresAt);
  const first = challenge.methods?.[0] ?? 'pwd';
  await deps.securityLog({ kind: 'sign-in', outcome: 'success', subject: subjectOf(user), reason: `${first}+${factor}` });
  return { token: deps.tokens.issue(userTokenSubject(user, [first, factor]), TOKEN_AUDIENCE.user), user: toPublicUser(user) };
}
