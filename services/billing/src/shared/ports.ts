import type { BillingProfile, FirmRole, PersonalInfo } from '@portal/contracts';
import type { Redis } from 'ioredis';
import type { MessageOutbox, SingleUseClaims } from '@portal/platform';
import type { LockKind } from './lock-keys';

export interface UserProfile {
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
  personalInfo: PersonalInfo | null;
}

export interface UserDirectory {
  /** null when auth does not know the user. */
  profile(userId: string): Promise<UserProfile | null>;
}

/** A person's place in a firm, from billing's read model of auth's firm events. */
export interface FirmDirectory {
  /**
   * null when the person is not a member of the firm, or there is no such firm; `members` counts its
   * people. With `enough`, a membership whose role is not enough for the call is checked with the
   * firm's owner first (a role raised a moment ago), as a missing one is.
   */
  membership(
    firmId: string,
    userId: string,
    enough?: (role: FirmRole) => boolean,
  ): Promise<{ firm: { id: string; name: string }; role: FirmRole; members: number } | null>;
  /** The firm's owner, or null when there is no such firm. */
  ownerOf(firmId: string): Promise<string | null>;
  /** The firms the person belongs to, with who manages each and the seat (from 1) the person holds. */
  firmsOf(userId: string): Promise<{ id: string; name: string; role: FirmRole; managedBy: string; seat: number }[]>;
}

/**
 * Whose billing a call is about: a person's, or a firm's. Billing keeps a firm's
 * subscription, orders, mandates, invoices and billing details under the firm's id, as it keeps a
 * person's under theirs, so every rule serves both.
 */
export interface BillingAccount {
  id: string;
  /** The signed-in caller's e-mail: receipts and notices of what they bought go to them. */
  email: string;
  firm: { id: string; name: string; role: FirmRole; members: number } | null;
}

/** The buyer's billing details (GSTIN, address), kept under the paying account's id. */
export interface BillingProfileStore {
  find(accountId: string): Promise<BillingProfile | null>;
  save(accountId: string, profile: BillingProfile): Promise<BillingProfile>;
  delete(accountId: string): Promise<void>;
}

/** The outbox of what the portal tells people: stored with the change, delivered by notifications; each a composeMail pair. */
export type MailSender = Pick<MessageOutbox, 'send'>;

/**
 * Who an order's message goes to: its buyer's address, and the person's id when the account is a
 * person's (a firm's account id names no person; the delivery log finds those by address).
 */
export const recipientOf = (order: { accountId: string | null; userEmail: string; firm: { id: string } | null }) => ({
  to: order.userEmail,
  ...(order.accountId && !order.firm && { userId: order.accountId }),
});

/** Serialises check-then-write sequences on one record across instances: a lock of one kind (lock-keys.ts) on its id. */
export type Lock = <T>(kind: LockKind, id: string, work: () => Promise<T>, options?: { waitMs?: number }) => Promise<T>;

/** Once-only steps (a trial, an order's credit) are claimed in the store, whatever the lock did. */
export type Claims = Pick<SingleUseClaims, 'once'>;

/** Where a store keeps what each process remembers of it: Redis, under the service's prefix. */
export interface RedisCache {
  redis: Redis;
  prefix: string;
}
