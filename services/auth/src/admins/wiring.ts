import type { PasskeyProofDeps, TotpProofDeps } from '../second-factors';
import type { AuthKit } from '../shared/auth-kit';
import { argon2Hasher, decoyHash } from '../shared/security/password-hasher';
import { adminRepository } from './data/admin.repository';
import { adminInvitationMail } from './domain/admin-invitation-mail';
import { adminPasskeySignIn } from './domain/admin-passkey-sign-in';
import { adminSecondFactorUseCases } from './domain/admin-second-factor.use-cases';
import { adminTeamUseCases } from './domain/admin-team.use-cases';
import { adminUseCases } from './domain/admin.use-cases';
import { adminAuthRoutes } from './routes/admin-auth.routes';
import { adminTeamRoutes } from './routes/admin-team.routes';

/** The proofs an admin signs in with, which second factors offer (their guesses are the admins' own). */
export type AdminProofs = Omit<TotpProofDeps, 'codeGuesses'> & Omit<PasskeyProofDeps, 'codeGuesses' | 'now'>;

/** Admins wire themselves: their sign-in with a second factor or a passkey, the first admin, the team and roles. */
export async function wireAdmins(kit: AuthKit, { passkeys, ...proofs }: AdminProofs) {
  const { mongo, settings, tokens, loginGuesses, securityLog, verifyToken, audit, mail, mailFailed, clock } = kit;
  const admins = adminRepository(mongo);
  await admins.ready;
  const adminAccounts = adminUseCases({
    admins,
    hasher: argon2Hasher,
    decoyHash,
    tokens,
    loginGuesses,
    signupEnabled: settings.ADMIN_SIGNUP_ENABLED,
    securityLog,
    passkeys,
  });
  const secondFactorDeps = {
    ...proofs,
    admins,
    tokens,
    verifyToken,
    codeGuesses: kit.codeGuesses('admin-code-fail', 'admin', settings.ADMIN_CODE_MAX_FAILURES),
    securityLog,
  };
  const adminSecondFactor = adminSecondFactorUseCases(secondFactorDeps);
  const passkeySignIn = adminPasskeySignIn({ ...secondFactorDeps, passkeys });
  const adminTeam = adminTeamUseCases({
    admins,
    passkeys,
    hasher: argon2Hasher,
    tokens,
    audit,
    sendInvitation: adminInvitationMail(mail, settings.PUBLIC_URL, mailFailed('admin invitation')),
    serially: (work) => kit.lock('admins', work),
    now: clock,
  });
  return {
    adminAccounts,
    routes: {
      auth: adminAuthRoutes(adminAccounts, adminSecondFactor, passkeySignIn, verifyToken),
      team: adminTeamRoutes(adminTeam, verifyToken),
    },
  };
}
