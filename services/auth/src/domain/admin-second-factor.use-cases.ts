import { ADMIN_ACCESS_MESSAGES, TOKEN_AUDIENCE, type AdminSecondFactor, type AdminUser, type TotpEnrolment } from '@portal/contracts';
import { badRequest, conflict, unauthorized } from '@portal/platform/errors';
import type { AuthContext, SecurityLog, TokenVerifier } from '@portal/platform';
import type { AdminRecord, AdminStore, Authenticator, GuessLimit, RecoveryCodes, SecretBox, TokenIssuer } from './ports';

export interface AdminSecondFactorDeps {
  admins: AdminStore;
  authenticator: Authenticator;
  box: SecretBox;
  recoveryCodes: RecoveryCodes;
  tokens: TokenIssuer;
  verifyToken: TokenVerifier;
  /** Wrong codes per admin and per address, counted like passwords. */
  codeGuesses: GuessLimit;
  securityLog: SecurityLog;
  now: () => Date;
}

export interface AdminSession {
  token: string;
  user: AdminUser;
  recoveryCodes?: string[];
  message?: string;
}

type Proof = { code: string } | { recoveryCode: string };

/** An admin as the security log names them. */
export const adminSubject = (admin: { id: string; email: string }) => ({ type: 'admin', id: admin.id, label: admin.email });

type ChallengeDeps = Pick<AdminSecondFactorDeps, 'admins' | 'tokens' | 'verifyToken' | 'securityLog'>;

export async function wrongCode(
  deps: Pick<AdminSecondFactorDeps, 'securityLog'>,
  admin: AdminRecord,
  reason: string,
  message: string = ADMIN_ACCESS_MESSAGES.wrongCode,
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
    throw unauthorized(ADMIN_ACCESS_MESSAGES.challengeExpired);
  });
  const admin = await deps.admins.findById(auth.userId);
  if (!admin?.passwordHash) throw unauthorized(ADMIN_ACCESS_MESSAGES.challengeExpired);
  return { admin, auth };
}

const FACTOR_NAMES: Record<AdminSecondFactor, string> = { otp: 'totp', rec: 'recovery-code', hwk: 'passkey' };

export async function signedIn(deps: ChallengeDeps, admin: AdminRecord, challenge: AuthContext, factor: AdminSecondFactor) {
  await deps.tokens.revoke(challenge.tokenId, challenge.expiresAt);
  await deps.securityLog({ kind: 'sign-in', outcome: 'success', subject: adminSubject(admin), reason: FACTOR_NAMES[factor] });
  return {
    token: deps.tokens.issue({ id: admin.id, email: admin.email, role: admin.role, amr: ['pwd', factor] }, TOKEN_AUDIENCE.admin),
    user: { email: admin.email, role: admin.role },
  };
}

/** A fresh secret, kept sealed until a code from it proves the app has it. */
async function startEnrolment(deps: AdminSecondFactorDeps, challenge: string): Promise<TotpEnrolment> {
  const { admin } = await challenged(deps, challenge);
  if (admin.totp) throw conflict(ADMIN_ACCESS_MESSAGES.alreadyEnrolled);
  const secret = deps.authenticator.newSecret();
  await deps.admins.setPendingTotp(admin.id, deps.box.seal(secret));
  return deps.authenticator.enrolment(admin.email, secret);
}

async function confirmEnrolment(deps: AdminSecondFactorDeps, challenge: string, code: string, ip: string): Promise<AdminSession> {
  const { admin, auth } = await challenged(deps, challenge);
  if (admin.totp) throw conflict(ADMIN_ACCESS_MESSAGES.alreadyEnrolled);
  const pending = admin.pendingTotp;
  if (!pending) throw badRequest(ADMIN_ACCESS_MESSAGES.notEnrolling);
  let step: number | null = null;
  await deps.codeGuesses.judge(ip, admin.id, async () => {
    step = await deps.authenticator.stepOf(deps.box.open(pending), code, { now: deps.now() });
    return step !== null;
  });
  if (step === null) return wrongCode(deps, admin, 'wrong-enrolment-code');
  const recoveryCodes = deps.recoveryCodes.generate();
  if (!(await deps.admins.confirmTotp(admin.id, pending, step, recoveryCodes.map(deps.recoveryCodes.hash)))) {
    throw conflict(ADMIN_ACCESS_MESSAGES.notEnrolling);
  }
  await deps.securityLog({
    kind: 'second-factor',
    outcome: 'success',
    subject: adminSubject(admin),
    reason: 'totp-enrolled',
  });
  return { ...(await signedIn(deps, admin, auth, 'otp')), recoveryCodes };
}

/**
 * A code's step is claimed in the same judgement that checks it, so of two requests with one code
 * only one signs in, and the other counts as a wrong guess.
 */
async function checkProof(deps: AdminSecondFactorDeps, admin: AdminRecord, proof: Proof): Promise<{ left?: number } | null> {
  if ('recoveryCode' in proof) {
    const left = await deps.admins.useRecoveryCode(admin.id, deps.recoveryCodes.hash(proof.recoveryCode));
    return left === null ? null : { left };
  }
  const totp = admin.totp!;
  const step = await deps.authenticator.stepOf(deps.box.open(totp.sealedSecret), proof.code, { now: deps.now(), after: totp.lastStep });
  return step !== null && (await deps.admins.useTotpStep(admin.id, step)) ? {} : null;
}

async function verify(deps: AdminSecondFactorDeps, challenge: string, proof: Proof, ip: string): Promise<AdminSession> {
  const { admin, auth } = await challenged(deps, challenge);
  if (!admin.totp) throw badRequest(ADMIN_ACCESS_MESSAGES.notEnrolling);
  let outcome: { left?: number } | null = null;
  await deps.codeGuesses.judge(ip, admin.id, async () => (outcome = await checkProof(deps, admin, proof)) !== null);
  const passed = outcome as { left?: number } | null;
  if (!passed) return wrongCode(deps, admin, 'recoveryCode' in proof ? 'wrong-recovery-code' : 'wrong-code');
  if (passed.left === undefined) return signedIn(deps, admin, auth, 'otp');
  return { ...(await signedIn(deps, admin, auth, 'rec')), message: ADMIN_ACCESS_MESSAGES.recoveryCodesLeft(passed.left) };
}

/** The admin's second factor (issue #49 §1): TOTP enrolment at the first sign-in, then a code or a recovery code each time. */
export function adminSecondFactorUseCases(deps: AdminSecondFactorDeps) {
  return {
    startEnrolment: (challenge: string) => startEnrolment(deps, challenge),
    confirmEnrolment: (challenge: string, code: string, ip: string) => confirmEnrolment(deps, challenge, code, ip),
    verify: (challenge: string, proof: Proof, ip: string) => verify(deps, challenge, proof, ip),
  };
}
