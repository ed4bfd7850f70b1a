import type {
  AcceptedPolicies,
  Address,
  AdminRole,
  ConsentClaims,
  GENDERS,
  PasskeyAssertion,
  PasskeyRegistration,
  TokenAudience,
  TotpEnrolment,
} from '@portal/contracts';
import type { MessageOutbox } from '@portal/platform';

/** What the auth rules need from the outside world; data/, security/ and clients/ provide it. */

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

export interface AdminRecord extends SecondFactorState {
  id: string;
  email: string;
  /** Null while invited: the invitee sets it. */
  passwordHash: string | null;
  role: AdminRole;
  createdAt: Date;
}

export interface StoredPasskey {
  /** WebAuthn's credential id, base64url. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter; 0 for passkeys that keep none. */
  counter: number;
  transports: string[];
  name?: string;
  createdAt?: Date;
  lastUsedAt?: Date | null;
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

export interface AdminStore extends SecondFactorStore {
  count(): Promise<number>;
  countOwners(): Promise<number>;
  findByEmail(email: string): Promise<AdminRecord | null>;
  findById(id: string): Promise<AdminRecord | null>;
  list(): Promise<AdminRecord[]>;
  /** The new admin, or null when the e-mail is taken. */
  create(admin: { email: string; passwordHash: string; role: AdminRole }): Promise<AdminRecord | null>;
  /** An invited admin without a password, or null when the e-mail is taken. */
  invite(admin: { email: string; role: AdminRole; tokenHash: string; expiresAt: Date }): Promise<AdminRecord | null>;
  /** Sets the password of the invitation's admin, once; null when the link is unknown, used or expired. */
  acceptInvitation(tokenHash: string, passwordHash: string, now: Date): Promise<AdminRecord | null>;
  setRole(id: string, role: AdminRole): Promise<void>;
  remove(id: string): Promise<boolean>;
}

/** The browsers a person signed in from. */
export interface KnownDeviceStore {
  /** Records the sign-in; true when this browser was not known for the person before. */
  remember(userId: string, deviceHash: string, at: Date, userAgent: string | null): Promise<boolean>;
  /** Whether the person has signed in from any other browser. */
  hasOthers(userId: string, deviceHash: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<void>;
}

/** TOTP codes (RFC 6238) and their enrolment. */
export interface Authenticator {
  newSecret(): string;
  enrolment(label: string, secret: string): Promise<TotpEnrolment>;
  /** The time step the code belongs to, or null when it is wrong or not after `after`. */
  stepOf(secret: string, code: string, at: { now: Date; after?: number }): Promise<number | null>;
}

/** One-time codes for a lost authenticator: made once, kept only as hashes. */
export interface RecoveryCodes {
  generate(): string[];
  hash(code: string): string;
}

/** The admins' passkeys. */
/** Passkeys by their owner's id: an admin's or a user's, each kind in its own store. */
export interface PasskeyStore {
  list(ownerId: string): Promise<StoredPasskey[]>;
  add(ownerId: string, passkey: StoredPasskey): Promise<void>;
  /**
   * Records a use at the authenticator's new counter; false when the counter did not move forward
   * from `previous` (a cloned authenticator, or the same response twice). A passkey that keeps no
   * counter stays at 0.
   */
  use(ownerId: string, credentialId: string, previous: number, counter: number, at: Date): Promise<boolean>;
  remove(ownerId: string, credentialId: string): Promise<boolean>;
  removeAll(ownerId: string): Promise<void>;
}

/** WebAuthn's registration and authentication, for the portal's origin. */
export interface PasskeyCeremonies {
  registrationOptions(owner: { id: string; email: string }, existing: StoredPasskey[]): Promise<{ challenge: string }>;
  verifyRegistration(response: PasskeyRegistration, expectedChallenge: string): Promise<StoredPasskey | null>;
  authenticationOptions(passkeys: StoredPasskey[]): Promise<{ challenge: string }>;
  /** The authenticator's new counter, or null when the response is not right. */
  verifyAuthentication(response: PasskeyAssertion, expectedChallenge: string, passkey: StoredPasskey): Promise<number | null>;
}

/** A WebAuthn challenge waiting for its response: kept a few minutes, taken once. */
export interface ChallengeStore {
  put(key: string, challenge: string): Promise<void>;
  take(key: string): Promise<string | null>;
}

/** Encryption at rest for the authenticators' secrets. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export type ResetConsumption = { status: 'ok'; userId: string } | { status: 'used' | 'expired' | 'unknown' };

export interface PasswordResetStore {
  create(reset: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void>;
  /** What the link is now, without using it. */
  status(tokenHash: string, now: Date): Promise<ResetConsumption['status']>;
  /** Marks the link used, exactly once, if it exists and has not expired. */
  consume(tokenHash: string, now: Date): Promise<ResetConsumption>;
  deleteForUser(userId: string): Promise<void>;
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
    subject: { id: string; email: string; role?: string; firm?: string; amr?: string[] } & ConsentClaims,
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

export interface GoogleIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

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

export type DeviceAuthorizationStatus = 'pending' | 'approved' | 'denied' | 'used';

/** One RFC 8628 sign-in of the desktop app: the device code is kept only as its hash. */
export interface DeviceAuthorization {
  deviceCodeHash: string;
  userCode: string;
  deviceName: string;
  status: DeviceAuthorizationStatus;
  userId: string | null;
  email: string | null;
  /** The firm the person chose for the app; null for their own plan. */
  firmId?: string | null;
  intervalSeconds: number;
  lastPolledAt: Date | null;
  expiresAt: Date;
}

export type PollOutcome =
  | { kind: 'unknown' | 'expired' | 'slow_down' | 'pending' | 'denied' | 'used' }
  | { kind: 'approved'; userId: string; email: string; deviceName: string; firmId: string | null };

export interface DeviceAuthorizationStore {
  create(authorization: Omit<DeviceAuthorization, 'status' | 'userId' | 'email' | 'lastPolledAt'>): Promise<boolean>;
  /** A pending, unexpired authorization by its user code. */
  findPending(userCode: string, now: Date): Promise<DeviceAuthorization | null>;
  /** Approves or denies a pending authorization, once, by whoever decides first; false when it is no longer pending. */
  decide(
    userCode: string,
    now: Date,
    decision: { status: 'approved'; userId: string; email: string; firmId: string | null } | { status: 'denied' },
    deciderId: string,
  ): Promise<boolean>;
  /**
   * One poll: an approved authorization is handed out to exactly one poll, then used (a used one is
   * said so at once); otherwise a poll too soon after the last is slow_down (and the interval grows
   * by 5 s, RFC 8628 §3.5).
   */
  poll(deviceCodeHash: string, now: Date): Promise<PollOutcome>;
  deleteForUser(userId: string): Promise<void>;
}

/** A signed-in desktop app: its refresh token, kept as a hash and replaced on each use. */
export interface DesktopSession {
  id: string;
  userId: string;
  email: string;
  deviceName: string;
  /** The firm whose seat the app works on; null for the person's own plan. */
  firmId: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

/**
 * What became of a refresh token: swapped for the next one; already swapped before (a reuse, which
 * signals theft); beaten by another use of it at the same moment; or not a live one at all.
 */
export type RotationOutcome =
  { kind: 'rotated'; session: DesktopSession } | { kind: 'reused'; session: DesktopSession } | { kind: 'raced' | 'unknown' };

export interface DesktopSessionStore {
  create(session: Omit<DesktopSession, 'id' | 'createdAt' | 'lastUsedAt'> & { refreshHash: string; now: Date }): Promise<DesktopSession>;
  /**
   * Swaps a live refresh token for the next one, once. `sessionId` is the session the token names,
   * when it names one (tokens issued before they did are found by their hash).
   */
  rotate(
    presented: { sessionId?: string; refreshHash: string },
    next: { refreshHash: string; expiresAt: Date },
    now: Date,
  ): Promise<RotationOutcome>;
  forUser(userId: string): Promise<DesktopSession[]>;
  /** Ends one of the user's sessions; false when there is none with this id. */
  revoke(userId: string, sessionId: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<void>;
}
