import { SECOND_FACTOR_MESSAGES, TOKEN_AUDIENCE, type SecondFactor, type AdminUser, type TotpEnrolment } from '@portal/contracts';
import { unauthorized } from '@portal/platform/errors';
import type { AuthContext, SecurityLog, TokenVerifier } from '@portal/platform';
import type { TokenIssuer } from '../../shared/ports';
import { beginTotp, confirmTotp, proveSecondFactor, type Proof, type TotpProofDeps } from '../../second-factors';
import type { AdminRecord, AdminStore } from './ports';

export interface AdminSecondFactorDeps extends TotpProofDeps {
  admins: AdminStore;
  tokens: TokenIssuer;
  verifyToken: TokenVerifier;
  securityLog: SecurityLog;
}

export interface AdminSession {
  token: string;
  user: AdminUser;
  recoveryCodes?: string[];
  message?: string;
}

/** An admin as the security log names them. */
export const adminSubject = (admin: { id: string; email: string }) => ({ type: 'admin', id: admin.id, label: admin.email });

type ChallengeDeps = Pick<AdminSecondFactorDeps, 'admins' | 'tokens' | 'verifyToken' | 'securityLog'>;

export async function wrongCode(
  deps: Pick<AdminSecondFactorDeps, 'securityLog'>,
  admin: AdminRecord,
  reason: string,
  message: string = SECOND_FACTOR_MESSAGES.wrongCode,
): Promise<never> {
  await deps.securityLog({
    kind: 'second-factor',
    outcome: 'failure',
    subject: adminSubject(admin),
    reason,
  });
  throw unauthorized(message);
}

/** The challenge from the password step: whose it is, until it is used or five minutes pass. */
export async function challenged(deps: ChallengeDeps, challenge: string): Promise<{ admin: AdminRecord; auth: AuthContext }> {
  const auth = await deps.verifyToken(challenge, TOKEN_AUDIENCE.adminChallenge).catch(() => {
    throw unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
  });
  const admin = await deps.admins.findById(auth.userId);
  if (!admin?.passwordHash) throw unauthorized(SECOND_FACTOR_MESSAGES.challengeExpired);
  return { admin, auth };
}

const FACTOR_NAMES: Record<SecondFactor, string> = { otp: 'totp', rec: 'recovery-code', hwk: 'passkey' };

export async function signedIn(deps: ChallengeDeps, admin: AdminRecord, challenge: AuthContext, factor: SecondFactor) {
  await deps.tokens.revoke(challenge.tokenId, challenge.expiresAt);
  await deps.securityLog({ kind: 'sign-in', outcome: 'success', subject: adminSubject(admin), reason: FACTOR_NAMES[factor] });
  return {
    token: deps.tokens.issue({ id: admin.id, email: admin.email, role: admin.role, amr: ['pwd', factor] }, TOKEN_AUDIENCE.admin),
    user: { email: admin.email, role: admin.role },
  };
}

async function startEnrolment(deps: AdminSecondFactorDeps, challenge: string): Promise<TotpEnrolment> {
  const { admin } = await challenged(deps, challenge);
  return beginTotp(deps, deps.admins, admin, admin.email);
}

async function confirmEnrolment(deps: AdminSecondFactorDeps, challenge: string, code: string, ip: string): Promise<AdminSession> {
  const { admin, auth } = await challenged(deps, challenge);
  const recoveryCodes = await confirmTotp(deps, deps.admins, admin, code, ip);
  if (!recoveryCodes) return wrongCode(deps, admin, 'wrong-enrolment-code');
  await deps.securityLog({
    kind: 'second-factor',
    outcome: 'success',
    subject: adminSubject(admin),
    reason: 'totp-enrolled',
  });
  return { ...(await signedIn(deps, admin, auth, 'otp')), recoveryCodes };
}

async function verify(deps: AdminSecondFactorDeps, challenge: string, proof: Proof, ip: string): Promise<AdminSession> {
  const { admin, auth } = await challenged(deps, challenge);
  const passed = await proveSecondFactor(deps, deps.admins, admin, proof, ip);
  if (!passed) return wrongCode(deps, admin, 'recoveryCode' in proof ? 'wrong-recovery-code' : 'wrong-code');
  if (passed.left === undefined) return signedIn(deps, admin, auth, 'otp');
  return { ...(await signedIn(deps, admin, auth, 'rec')), message: SECOND_FACTOR_MESSAGES.recoveryCodesLeft(passed.left) };
}
/** The admin's second factor: TOTP enrolment at the first sign-in, then a code or a recovery code each time. */
export function adminSecondFactorUseCases(deps: AdminSecondFactorDeps) {
  return {
    startEnrolment: (challenge: string) => startEnrolment(deps, challenge),
    confirmEnrolment: (challenge: string, code: string, ip: string) => confirmEnrolment(deps, challenge, code, ip),
    verify: (challenge: string, proof: Proof, ip: string) => verify(deps, challenge, proof, ip),
  };
}
