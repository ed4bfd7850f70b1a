import {
  CONSENT_MESSAGES,
  DEFAULT_COUNTRY,
  isCurrentConsent,
  withoutDirectionControls,
  TOKEN_AUDIENCE,
  type AcceptedPolicies,
  type AuthResponse,
  type ConsentBody,
  type ConsentStatus,
  MESSAGES,
  type LoginBody,
  type RegisterBody,
  type SecondFactorStep,
  type SignInAnswer,
} from '@portal/contracts';
import { badRequest, conflict, serviceUnavailable, unauthorized } from '@portal/platform/errors';
import type { AuthContext, SecurityLog } from '@portal/platform';
import type { AttemptLimit, GoogleVerifier, GuessLimit, PasswordHasher, TokenIssuer, UserRecord, UserStore } from './ports';
import { toPublicUser } from './public-user';
import { ageToGive, userTokenSubject } from './token-subject';

export interface AccountDeps {
  users: UserStore;
  hasher: PasswordHasher;
  decoyHash: () => Promise<string>;
  tokens: TokenIssuer;
  loginGuesses: GuessLimit;
  signupLimit: AttemptLimit;
  google?: GoogleVerifier;
  now: () => Date;
  securityLog: SecurityLog;
  /** The welcome e-mail of a new account (welcome-mail.ts). */
  welcome: (user: UserRecord) => void;
  /** The second factor still due after the first one, if any (user-second-factor.use-cases). */
  secondFactorStep: (user: UserRecord, first: 'pwd' | 'google') => Promise<SecondFactorStep | null>;
}

export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  badCredentials: 'Invalid email or password.',
  googleNotConfigured: 'Google sign-in is not available on this portal.',
  accountGone: 'This account no longer exists.',
} as const;

/**
 * Only the versions in force can be accepted: a form opened before a policy changed showed the
 * old text, so the person is asked to read the new one (behaviour.md §3).
 */
function consentTo(accepted: AcceptedPolicies, at: Date) {
  if (!isCurrentConsent(accepted)) throw badRequest(CONSENT_MESSAGES.outdated);
  return { terms: accepted.terms, privacy: accepted.privacy, acceptedAt: at };
}

const consentStatus = (user: UserRecord): ConsentStatus => ({
  consent: toPublicUser(user).consent,
  required: !isCurrentConsent(user.consent) || ageToGive(user),
  ageRequired: ageToGive(user),
});

export function accountUseCases({
  users,
  hasher,
  decoyHash,
  tokens,
  loginGuesses,
  signupLimit,
  google,
  now,
  welcome,
  securityLog,
  secondFactorStep,
}: AccountDeps) {
  const recordSignIn = (user: { id: string; email: string }, reason: string) =>
    securityLog({ kind: 'sign-in', outcome: 'success', subject: { type: 'user', id: user.id, label: user.email }, reason });
  const session = (user: Parameters<typeof toPublicUser>[0]): AuthResponse => ({
    token: tokens.issue(userTokenSubject(user), TOKEN_AUDIENCE.user),
    user: toPublicUser(user),
  });
  /** An existing account's sign-in: in at once, or on to its second factor, which records the sign-in. */
  async function signIn(user: UserRecord, first: 'pwd' | 'google', reason: string): Promise<SignInAnswer> {
    const step = await secondFactorStep(user, first);
    if (step) return step;
    await recordSignIn(user, reason);
    return session(user);
  }

  async function signedIn(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw unauthorized(ACCOUNT_MESSAGES.accountGone);
    return user;
  }

  return {
    async register(body: RegisterBody, ip: string): Promise<AuthResponse> {
      const consent = consentTo(body.acceptedPolicies, now());
      await signupLimit(ip);
      if (await users.findByEmail(body.email)) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      const { personalInfo } = body;
      const user = await users.create({
        email: body.email,
        passwordHash: await hasher.hash(body.password),
        firstName: body.firstName,
        lastName: body.lastName ?? '',
        picture: null,
        isGoogleUser: false,
        personalInfo: personalInfo ? { ...personalInfo, address: { ...personalInfo.address, country: DEFAULT_COUNTRY } } : {},
        consent,
      });
      if (!user) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      welcome(user);
      return session(user);
    },

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

    /**
     * Accounts are keyed by Google's stable subject id. An existing e-mail account is linked only
     * because the verifier has already required Google to vouch for the e-mail address.
     */
    async googleLogin(idToken: string, accepted?: AcceptedPolicies): Promise<SignInAnswer & { isNewUser: boolean }> {
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
    },

    /** What the person accepted, and whether the versions in force (or their age) still wait for them. */
    async consent(userId: string): Promise<ConsentStatus> {
      return consentStatus(await signedIn(userId));
    },

    /**
     * Records the acceptance and answers a token that carries it, for the session that made it. A
     * session whose token predates an acceptance made elsewhere only gets the token.
     */
    async acceptPolicies({ userId, methods }: AuthContext, { accepted, age }: ConsentBody): Promise<ConsentStatus> {
      const consent = consentTo(accepted, now());
      let user = await signedIn(userId);
      const ageMissing = ageToGive(user);
      if (ageMissing && age === undefined) throw badRequest(MESSAGES.ageInvalid, [{ path: 'age', message: MESSAGES.ageInvalid }]);
      if (ageMissing || !isCurrentConsent(user.consent)) {
        user = (await users.recordConsent(userId, consent, ageMissing ? age : undefined)) ?? user;
      }
      return { ...consentStatus(user), token: tokens.issue(userTokenSubject(user, methods), TOKEN_AUDIENCE.user) };
    },

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
