import type { AcceptedPolicies, Address, ConsentClaims, GENDERS, TokenAudience } from '@portal/contracts';
import type { MessageOutbox } from '@portal/platform';

/** What every capability of auth needs from the outside world: the people, their tokens, passwords, guesses and mail. */

export interface StoredPersonalInfo {
  age?: number;
  gender?: (typeof GENDERS)[number];
  mobileNumber?: string;
  occupation?: string;
  organization?: string;
  address?: Address;
}

export interface UserRecord extends SecondFactorState {
  id: string;
  email: string;
  passwordHash?: string;
  firstName: string;
  lastName: string;
  picture: string | null;
  isGoogleUser: boolean;
  personalInfo: StoredPersonalInfo;
  consent: StoredConsent | null;
  /** Every acceptance the person made, oldest first. */
  consents: StoredConsent[];
  createdAt: Date;
}

/** The policy versions a person accepted, and when. */
export type StoredConsent = AcceptedPolicies & { acceptedAt: Date };

export type NewUser = Omit<UserRecord, 'id' | 'createdAt' | 'consents' | keyof SecondFactorState>;

export interface UserSearch {
  search?: string;
  page: number;
  limit: number;
}

export interface UserStore extends SecondFactorStore {
  /** The new user, or null when the e-mail already has an account (the store's unique key decides). */
  create(user: NewUser): Promise<UserRecord | null>;
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  findByGoogleSubject(subject: string): Promise<UserRecord | null>;
  linkGoogleSubject(userId: string, subject: string): Promise<void>;
  markGoogleUser(userId: string, picture: string | null): Promise<UserRecord | null>;
  updateProfile(id: string, profile: Pick<UserRecord, 'firstName' | 'lastName' | 'personalInfo'>): Promise<UserRecord | null>;
  /**
   * Sets the password only if it is still `current` (null: none yet), so that of two changes at
   * the same moment one wins; answers whether this one did.
   */
  replacePasswordHash(id: string, current: string | null, passwordHash: string): Promise<boolean>;
  /** Keeps this acceptance beside the earlier ones, and the age when the account had none; answers the account. */
  recordConsent(id: string, consent: StoredConsent, age?: number): Promise<UserRecord | null>;
  /** The users whose e-mail, domain, full name, last name, mobile or city starts with the search, newest first. */
  search(query: UserSearch): Promise<{ users: UserRecord[]; total: number }>;
  /** Gives users stored before the search keys existed their keys; answers how many. */
  addSearchKeys(): Promise<number>;
  /** Every user in id order from one cursor, read as it is consumed. */
  streamAll(): AsyncIterable<UserRecord>;
  count(): Promise<number>;
  /** How many users signed up from `from` up to `to` (whole seconds: an Indian day's bounds). */
  countSignedUpBetween(from: Date, to: Date): Promise<number>;
  /** Removes the account, its profile and its linked identities; false when there was none. */
  delete(id: string): Promise<boolean>;
}

/** The second factor's writes on an admin or a user. */
export interface SecondFactorStore {
  setPendingTotp(id: string, sealedSecret: string): Promise<void>;
  /** Turns the pending secret into the authenticator, once: false when it changed or one is enrolled. */
  confirmTotp(id: string, sealedSecret: string, step: number, recoveryCodeHashes: string[]): Promise<boolean>;
  /** Moves the last used step forward; false when a code of this step or a later one was used already. */
  useTotpStep(id: string, step: number): Promise<boolean>;
  /** Removes the recovery code; answers how many remain, or null when it was not there (unknown or used). */
  useRecoveryCode(id: string, hash: string): Promise<number | null>;
  /** Forgets the authenticator and the recovery codes. */
  resetSecondFactor(id: string): Promise<void>;
}

/** An admin's or a user's second factor as stored. */
export interface SecondFactorState {
  /** The enrolled authenticator's sealed secret, and the last time step a code of it was used at. */
  totp: { sealedSecret: string; lastStep: number } | null;
  /** A secret shown for enrolment and not yet confirmed with a code. */
  pendingTotp: string | null;
  recoveryCodeHashes: string[];
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface TokenIssuer {
  /**
   * `sessionId` ties a desktop token to its desktop session. `issuedAtMs` dates a token after a
   * `revokeAllFor` cut-off, which would otherwise end a token issued in the same millisecond.
   */
  issue(
    subject: { id: string; email: string; role?: string; firm?: string; partner?: string; amr?: string[] } & ConsentClaims,
    audience: TokenAudience,
    sessionId?: string,
    issuedAtMs?: number,
  ): string;
  revoke(tokenId: string, expiresAt: number): Promise<void>;
  /** Every token issued to the session stops working, for as long as one can live. */
  revokeSession(sessionId: string, audience: TokenAudience): Promise<void>;
  /** Every token issued to the user up to now stops working; answers that cut-off, in milliseconds. */
  revokeAllFor(userId: string): Promise<number>;
}

/** The outbox of what the portal tells people: stored with the change, delivered by notifications; each a composeMail pair. */
export type MailSender = Pick<MessageOutbox, 'send'>;

export type { AttemptLimit } from '@portal/platform';

/** Guesses per subject (an e-mail, a user) and per address: passwords, user codes. */
export interface GuessLimit {
  /**
   * Counts the guess, then judges it with `isRight` and answers the verdict; past the limit, a 429
   * with Retry-After and the guess is not judged.
   */
  judge(ip: string, subject: string, isRight: () => Promise<boolean>): Promise<boolean>;
}
