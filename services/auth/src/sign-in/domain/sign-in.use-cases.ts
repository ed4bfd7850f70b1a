import {
  withoutDirectionControls,
  TOKEN_AUDIENCE,
  type AcceptedPolicies,
  type AuthResponse,
  type LoginBody,
  type SecondFactorStep,
  type SignInAnswer,
} from '@portal/contracts';
import { conflict, serviceUnavailable, unauthorized } from '@portal/platform/errors';
import type { AuthContext, SecurityLog } from '@portal/platform';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import { consentTo } from '../../shared/consent';
import type { GuessLimit, PasswordHasher, TokenIssuer, UserRecord, UserStore } from '../../shared/ports';
import { toPublicUser } from '../../shared/public-user';
import { userTokenSubject } from '../../shared/token-subject';
import { mobileSignIn, type MobileSignInDeps } from './mobile-sign-in';
import type { GoogleVerifier } from './ports';

export interface SignInDeps {
  users: UserStore;
  hasher: PasswordHasher;
  decoyHash: () => Promise<string>;
  tokens: TokenIssuer;
  loginGuesses: GuessLimit;
  google?: GoogleVerifier;
  now: () => Date;
  securityLog: SecurityLog;
  /** The welcome e-mail of an account made by a first sign-in with Google. */
  welcome: (user: UserRecord) => void;
  /** The second factor still due after the first one, if any (the second factors' use cases). */
  secondFactorStep: (user: UserRecord, first: FirstFactor) => Promise<SecondFactorStep | null>;
}

/** How a sign-in's first step was made (RFC 8176's names): a password, Google, or a code by SMS. */
export type FirstFactor = 'pwd' | 'google' | 'sms';

/** Signing in with a password, with Google or with a code sent to a verified mobile number, and signing out. */
export function signInUseCases(deps: SignInDeps, mobile: MobileSignInDeps) {
  const { users, hasher, decoyHash, tokens, loginGuesses, securityLog, secondFactorStep } = deps;
  const session = (user: UserRecord): AuthResponse => ({
    token: tokens.issue(userTokenSubject(user), TOKEN_AUDIENCE.user),
    user: toPublicUser(user),
  });
  /** An existing account's sign-in: in at once, or on to its second factor, which records the sign-in. */
  async function signIn(user: UserRecord, first: FirstFactor, reason: string): Promise<SignInAnswer> {
    const step = await secondFactorStep(user, first);
    if (step) return step;
    await securityLog({ kind: 'sign-in', outcome: 'success', subject: { type: 'user', id: user.id, label: user.email }, reason });
    return session(user);
  }

  return {
    /** One answer for an unknown e-mail and a wrong password, taking the same time for both. */
    async login({ email, password }: LoginBody, ip: string): Promise<SignInAnswer> {
      const user = await users.findByEmail(email);
      const right = await loginGuesses.judge(ip, email, async () => {
        const matches = await hasher.verify(user?.passwordHash ?? (await decoyHash()), password);
        return Boolean(user?.passwordHash) && matches;
      });
      if (!user || !right) {
        const reason = !user ? 'unknown-account' : user.passwordHash ? 'wrong-password' : 'no-password';
        await securityLog({
          kind: 'sign-in',
          outcome: 'failure',
          subject: { type: 'user', ...(user ? { id: user.id } : {}), label: email },
          reason,
        });
        throw unauthorized(ACCOUNT_MESSAGES.badCredentials);
      }
      return signIn(user, 'pwd', 'password');
    },

    googleLogin: googleSignIn(deps, signIn, session),
    mobile: mobileSignIn(deps, mobile, signIn),

    async logout(auth: AuthContext): Promise<void> {
      await tokens.revoke(auth.tokenId, auth.expiresAt);
      await securityLog({
        kind: 'sign-out',
        outcome: 'success',
        subject: { type: 'user', id: auth.userId, label: auth.email },
        reason: 'token-revoked',
      });
    },
  };
}

/**
 * Accounts are keyed by Google's stable subject id. An existing e-mail account is linked only
 * because the verifier has already required Google to vouch for the e-mail address.
 */
function googleSignIn(
  { users, google, now, welcome }: SignInDeps,
  signIn: (user: UserRecord, first: 'google', reason: string) => Promise<SignInAnswer>,
  session: (user: UserRecord) => AuthResponse,
) {
  return async (idToken: string, accepted?: AcceptedPolicies): Promise<SignInAnswer & { isNewUser: boolean }> => {
    if (!google) throw serviceUnavailable(ACCOUNT_MESSAGES.googleNotConfigured);
    // From the sign-in page no box was ticked: a new account then accepts before going on (the consent gate).
    const consent = accepted ? consentTo(accepted, now()) : null;
    const identity = await google(idToken);
    const linked = await users.findByGoogleSubject(identity.subject);
    if (linked) return { ...(await signIn(linked, 'google', 'google')), isNewUser: false };
    const existing = await users.findByEmail(identity.email);
    if (existing) {
      await users.linkGoogleSubject(existing.id, identity.subject);
      const updated = (await users.markGoogleUser(existing.id, existing.picture ?? identity.picture)) ?? existing;
      return { ...(await signIn(updated, 'google', 'google-linked')), isNewUser: false };
    }
    const made = await users.create({
      email: identity.email,
      firstName: withoutDirectionControls(identity.firstName),
      lastName: withoutDirectionControls(identity.lastName),
      picture: identity.picture,
      isGoogleUser: true,
      personalInfo: {},
      consent,
    });
    // Two sign-ins of the same new user raced; the other one created the account (and welcomes it).
    const created = made ?? (await users.findByEmail(identity.email));
    if (!created) throw conflict(ACCOUNT_MESSAGES.emailTaken);
    await users.linkGoogleSubject(created.id, identity.subject);
    if (made) welcome(made);
    return { ...session(created), isNewUser: true };
  };
}
