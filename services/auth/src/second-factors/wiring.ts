import type { AuthKit } from '../shared/auth-kit';
import type { SeenFrom } from '../shared/routes/seen-from';
import type { UserStore } from '../shared/ports';
import { passkeyRepository } from './data/passkey.repository';
import { passkeysUseCases } from './domain/passkeys.use-cases';
import { userSecondFactorUseCases } from './domain/user-second-factor.use-cases';
import { adminPasskeysRoutes } from './routes/admin-passkeys.routes';
import { adminUserSecondFactorRoutes } from './routes/admin-user-second-factor.routes';
import { userSecondFactorRoutes } from './routes/user-second-factor.routes';
import { passkeyCeremonies } from './security/passkeys';
import { hashRecoveryCode, newRecoveryCodes } from './security/recovery-codes';
import { secretBox } from './security/secret-box';
import { totpAuthenticator } from './security/totp-authenticator';
import { webAuthnChallenges } from './security/webauthn-challenges';

/** What second factors ask of the capabilities above them, as ports compose.ts fills. */
export interface SecondFactorPorts {
  users: UserStore;
  /** Whether a firm the person belongs to requires a second factor of its members. */
  requiredByFirm: (userId: string) => Promise<boolean>;
  seenFrom: SeenFrom;
}

/**
 * Second factors wire themselves: the proofs (an authenticator's codes, recovery codes, passkeys'
 * ceremonies and challenges), which the admins' sign-in uses too, a practitioner's own second
 * factor and passkeys, and the admins' passkeys.
 */
export async function wireSecondFactors(kit: AuthKit, { users, requiredByFirm, seenFrom }: SecondFactorPorts) {
  const { mongo, settings, redis, prefix, clock, tokens, verifyToken, securityLog, audit } = kit;
  const adminPasskeyStore = passkeyRepository(mongo, { model: 'AdminPasskey', collection: 'admin_passkeys' });
  const userPasskeyStore = passkeyRepository(mongo, { model: 'UserPasskey', collection: 'user_passkeys' });
  await Promise.all([adminPasskeyStore.ready, userPasskeyStore.ready]);
  const totpProofs = {
    authenticator: totpAuthenticator('Tax Practitioner Portal'),
    box: secretBox({ key: settings.SECOND_FACTOR_KEY, signingKey: settings.JWT_PRIVATE_KEY }),
    recoveryCodes: { generate: newRecoveryCodes, hash: hashRecoveryCode },
    now: clock,
  };
  const ceremonies = passkeyCeremonies(settings.PUBLIC_URL);
  const challenges = webAuthnChallenges(redis, prefix);
  const userSecondFactor = userSecondFactorUseCases({
    ...totpProofs,
    passkeys: userPasskeyStore,
    ceremonies,
    challenges,
    users,
    tokens,
    verifyToken,
    codeGuesses: kit.codeGuesses('user-second-factor-fail', 'user', settings.LOGIN_MAX_FAILURES_PER_EMAIL),
    securityLog,
    audit,
    requiredByFirm,
  });
  const ownPasskeys = passkeysUseCases({
    passkeys: userPasskeyStore,
    ceremonies,
    challenges,
    securityLog,
    now: clock,
    owner: 'user',
    beforeRegistration: userSecondFactor.assertOn,
  });
  const adminPasskeys = passkeysUseCases({ passkeys: adminPasskeyStore, ceremonies, challenges, securityLog, now: clock, owner: 'admin' });
  return {
    totpProofs,
    ceremonies,
    challenges,
    adminPasskeyStore,
    userPasskeyStore,
    userSecondFactor,
    routes: {
      adminPasskeys: adminPasskeysRoutes(adminPasskeys, verifyToken),
      user: userSecondFactorRoutes(userSecondFactor, ownPasskeys, verifyToken, seenFrom),
      adminOfUsers: adminUserSecondFactorRoutes(userSecondFactor, verifyToken),
    },
  };
}
