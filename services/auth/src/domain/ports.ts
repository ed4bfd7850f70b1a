import type { Address, GENDERS, TokenAudience } from '@portal/contracts';

/** What the auth rules need from the outside world; data/, security/ and clients/ provide it. */

export interface StoredPersonalInfo {
  age?: number;
  gender?: (typeof GENDERS)[number];
  mobileNumber?: string;
  occupation?: string;
  organization?: string;
  address?: Address;
}

export interface UserRecord {
  id: string;
  email: string;
  passwordHash?: string;
  firstName: string;
  lastName: string;
  picture: string | null;
  isGoogleUser: boolean;
  personalInfo: StoredPersonalInfo;
  createdAt: Date;
}

export type NewUser = Omit<UserRecord, 'id' | 'createdAt'>;

export interface UserSearch {
  search?: string;
  page: number;
  limit: number;
}

export interface UserStore {
  /** The new user, or null when the e-mail already has an account (the store's unique key decides). */
  create(user: NewUser): Promise<UserRecord | null>;
  findById(id: string): Promise<UserRecord | null>;
  findByEmail(email: string): Promise<UserRecord | null>;
  findByGoogleSubject(subject: string): Promise<UserRecord | null>;
  linkGoogleSubject(userId: string, subject: string): Promise<void>;
  markGoogleUser(userId: string, picture: string | null): Promise<UserRecord | null>;
  updateProfile(id: string, profile: Pick<UserRecord, 'firstName' | 'lastName' | 'personalInfo'>): Promise<UserRecord | null>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  search(query: UserSearch): Promise<{ users: UserRecord[]; total: number }>;
  /** Users in id order after `after`: keyset paging, flat cost however deep the export goes. */
  pageAfter(after: string | undefined, limit: number): Promise<UserRecord[]>;
  count(): Promise<number>;
  createdSince(since: Date): Promise<Date[]>;
  /** Removes the account, its profile and its linked identities; false when there was none. */
  delete(id: string): Promise<boolean>;
}

export interface AdminRecord {
  id: string;
  email: string;
  passwordHash: string;
  role: 'admin';
}

export interface AdminStore {
  count(): Promise<number>;
  findByEmail(email: string): Promise<AdminRecord | null>;
  /** The new admin, or null when the e-mail is taken. */
  create(admin: { email: string; passwordHash: string }): Promise<AdminRecord | null>;
}

export type ResetConsumption = { status: 'ok'; userId: string } | { status: 'used' | 'expired' | 'unknown' };

export interface PasswordResetStore {
  create(reset: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void>;
  /** Marks the link used, exactly once, if it exists and has not expired. */
  consume(tokenHash: string, now: Date): Promise<ResetConsumption>;
  deleteForUser(userId: string): Promise<void>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface TokenIssuer {
  issue(subject: { id: string; email: string; role?: string }, audience: TokenAudience): string;
  revoke(tokenId: string, expiresAt: number): Promise<void>;
  /** Every token issued to the user before now stops working. */
  revokeAllFor(userId: string): Promise<void>;
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity>;

export interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export type { AttemptLimit } from '@portal/platform';

export interface LoginThrottle {
  assertAllowed(ip: string, email: string): Promise<void>;
  recordFailure(ip: string, email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}
