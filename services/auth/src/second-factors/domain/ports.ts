import type { PasskeyAssertion, PasskeyRegistration, TotpEnrolment } from '@portal/contracts';

/** What the second factors need from the outside world: their stores, WebAuthn, TOTP and the sealing of secrets. */

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
