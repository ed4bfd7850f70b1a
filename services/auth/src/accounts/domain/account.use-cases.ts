import {
  DEFAULT_COUNTRY,
  isCurrentConsent,
  TOKEN_AUDIENCE,
  type AuthResponse,
  type ConsentBody,
  type ConsentStatus,
  MESSAGES,
  type RegisterBody,
} from '@portal/contracts';
import { badRequest, conflict } from '@portal/platform/errors';
import type { AuthContext } from '@portal/platform';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import { consentTo } from '../../shared/consent';
import type { AttemptLimit, PasswordHasher, TokenIssuer, UserRecord, UserStore } from '../../shared/ports';
import { toPublicUser } from '../../shared/public-user';
import { signedInPerson } from '../../shared/signed-in-person';
import { ageToGive, userTokenSubject } from '../../shared/token-subject';

export interface AccountDeps {
  users: UserStore;
  hasher: PasswordHasher;
  tokens: TokenIssuer;
  signupLimit: AttemptLimit;
  now: () => Date;
  /** The welcome e-mail of a new account (welcome-mail.ts). */
  welcome: (user: UserRecord) => void;
}

const consentStatus = (user: UserRecord): ConsentStatus => ({
  consent: toPublicUser(user).consent,
  required: !isCurrentConsent(user.consent) || ageToGive(user),
  ageRequired: ageToGive(user),
});

/** An account made with an e-mail and a password, and the policies its person accepted. */
export function accountUseCases({ users, hasher, tokens, signupLimit, now, welcome }: AccountDeps) {
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
      return { token: tokens.issue(userTokenSubject(user), TOKEN_AUDIENCE.user), user: toPublicUser(user) };
    },

    /** What the person accepted, and whether the versions in force (or their age) still wait for them. */
    async consent(userId: string): Promise<ConsentStatus> {
      return consentStatus(await signedInPerson(users, userId));
    },

    /**
     * Records the acceptance and answers a token that carries it, for the session that made it. A
     * session whose token predates an acceptance made elsewhere only gets the token.
     */
    async acceptPolicies({ userId, methods }: AuthContext, { accepted, age }: ConsentBody): Promise<ConsentStatus> {
      const consent = consentTo(accepted, now());
      let user = await signedInPerson(users, userId);
      const ageMissing = ageToGive(user);
      if (ageMissing && age === undefined) throw badRequest(MESSAGES.ageInvalid, [{ path: 'age', message: MESSAGES.ageInvalid }]);
      if (ageMissing || !isCurrentConsent(user.consent)) {
        user = (await users.recordConsent(userId, consent, ageMissing ? age : undefined)) ?? user;
      }
      return { ...consentStatus(user), token: tokens.issue(userTokenSubject(user, methods), TOKEN_AUDIENCE.user) };
    },
  };
}
