import { TOKEN_AUDIENCE, DEFAULT_COUNTRY, type AuthResponse, type LoginBody, type RegisterBody } from '@portal/contracts';
import { conflict, serviceUnavailable, unauthorized } from '@portal/platform/errors';
import type { AuthContext } from '@portal/platform';
import type { AttemptLimit, GoogleVerifier, FailureThrottle, PasswordHasher, TokenIssuer, UserStore } from './ports';
import { toPublicUser } from './public-user';

export interface AccountDeps {
  users: UserStore;
  hasher: PasswordHasher;
  decoyHash: () => Promise<string>;
  tokens: TokenIssuer;
  loginThrottle: FailureThrottle;
  signupLimit: AttemptLimit;
  google?: GoogleVerifier;
}

export const ACCOUNT_MESSAGES = {
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  badCredentials: 'Invalid email or password.',
  googleNotConfigured: 'Google sign-in is not available on this portal.',
} as const;

export function accountUseCases({ users, hasher, decoyHash, tokens, loginThrottle, signupLimit, google }: AccountDeps) {
  const session = (user: Parameters<typeof toPublicUser>[0]): AuthResponse => ({
    token: tokens.issue({ id: user.id, email: user.email }, TOKEN_AUDIENCE.user),
    user: toPublicUser(user),
  });

  return {
    async register(body: RegisterBody, ip: string): Promise<AuthResponse> {
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
      });
      if (!user) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      return session(user);
    },

    /** One answer for an unknown e-mail and a wrong password, taking the same time for both. */
    async login({ email, password }: LoginBody, ip: string): Promise<AuthResponse> {
      await loginThrottle.assertAllowed(ip, email);
      const user = await users.findByEmail(email);
      const matches = await hasher.verify(user?.passwordHash ?? (await decoyHash()), password);
      if (!user?.passwordHash || !matches) {
        await loginThrottle.recordFailure(ip, email);
        throw unauthorized(ACCOUNT_MESSAGES.badCredentials);
      }
      await loginThrottle.recordSuccess(email);
      return session(user);
    },

    /**
     * Accounts are keyed by Google's stable subject id. An existing e-mail account is linked only
     * because the verifier has already required Google to vouch for the e-mail address.
     */
    async googleLogin(idToken: string): Promise<AuthResponse & { isNewUser: boolean }> {
      if (!google) throw serviceUnavailable(ACCOUNT_MESSAGES.googleNotConfigured);
      const identity = await google(idToken);
      const linked = await users.findByGoogleSubject(identity.subject);
      if (linked) return { ...session(linked), isNewUser: false };
      const existing = await users.findByEmail(identity.email);
      if (existing) {
        await users.linkGoogleSubject(existing.id, identity.subject);
        const updated = (await users.markGoogleUser(existing.id, existing.picture ?? identity.picture)) ?? existing;
        return { ...session(updated), isNewUser: false };
      }
      const created =
        (await users.create({
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          picture: identity.picture,
          isGoogleUser: true,
          personalInfo: {},
        })) ??
        // Two sign-ins of the same new user raced; the other one created the account.
        (await users.findByEmail(identity.email));
      if (!created) throw conflict(ACCOUNT_MESSAGES.emailTaken);
      await users.linkGoogleSubject(created.id, identity.subject);
      return { ...session(created), isNewUser: true };
    },

    async logout(auth: AuthContext): Promise<void> {
      await tokens.revoke(auth.tokenId, auth.expiresAt);
    },
  };
}
