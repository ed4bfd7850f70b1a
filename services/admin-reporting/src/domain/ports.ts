import type {
  AccountDeletionBody,
  AuditEvent,
  DeliveryLogEntry,
  DownloadSummary,
  PublicUser,
  SecurityEvent,
  SubscriptionSummary,
} from '@portal/contracts';
import type {
  AuthAccountData,
  BillingAccountData,
  BillingAnalytics,
  FeedbackAccountData,
  PartnerAccountData,
  InternalFirmsAnswer,
  InternalStatsAnswer,
  InternalUserFirmsAnswer,
  InternalUserFirmsLookupAnswer,
  PhoneRecord,
  PreferencesRecord,
  WebhookEndpointsRecord,
} from '@portal/contracts/internal';

export interface UserDirectory {
  search(query: { search?: string; page: number; limit: number }): Promise<{ users: PublicUser[]; total: number }>;
  /** null when auth does not know the user. */
  get(userId: string): Promise<PublicUser | null>;
  /** false when there was no such account; `notify`: the person deleted it and gets a last e-mail. */
  delete(userId: string, options?: { notify: boolean }): Promise<boolean>;
  /** Auth checks the person's own confirmation of their deletion; a refusal throws its 400 or 429 as is. */
  confirmDeletion(userId: string, confirmation: AccountDeletionBody, ip: string): Promise<void>;
  stats(days: number): Promise<InternalStatsAnswer>;
  /** The firms the person belongs to, with their role in each. */
  firmsOf(userId: string): Promise<InternalUserFirmsAnswer['firms']>;
  /** The firms of many people (the users export); people in no firm are left out. */
  firmsOfMany(userIds: string[]): Promise<InternalUserFirmsLookupAnswer['firms']>;
  /** A page of every firm with its people, newest first. */
  firmPage(page: number, limit: number): Promise<InternalFirmsAnswer>;
  /** Every user in id order, read as the caller consumes them. */
  exportAll(): AsyncIterable<PublicUser>;
  /** What auth holds of the person, for the download of their data. */
  accountData(userId: string): Promise<AuthAccountData>;
}

export interface SubscriptionReader {
  summaries(userIds: string[]): Promise<SubscriptionSummary[]>;
  analytics(days: number): Promise<BillingAnalytics>;
  /** What billing holds of the person, for the download of their data. */
  accountData(userId: string): Promise<BillingAccountData>;
}

export interface FeedbackReader {
  accountData(userId: string): Promise<FeedbackAccountData>;
}

export interface PartnerReader {
  accountData(userId: string): Promise<PartnerAccountData>;
}

export interface DownloadReader {
  summaries(userIds: string[]): Promise<DownloadSummary[]>;
}

export interface AuditRecord extends AuditEvent {
  id: string;
}

export interface AuditStore {
  add(event: AuditEvent & { pendingEvents?: boolean }): Promise<AuditRecord>;
  page(page: number, limit: number): Promise<{ entries: AuditRecord[]; total: number }>;
  /** Deletions whose events have not all been handed to the queues yet (the outbox). */
  pendingDeletions(limit: number): Promise<AuditRecord[]>;
  markEventsPublished(id: string): Promise<void>;
}

/** The security log's store: appended to, read by person or window, and pruned by age only. */
export interface SecurityLogStore {
  add(event: SecurityEvent): Promise<void>;
  /** Oldest first; `label` is a person's e-mail, matched as the subject or the actor. */
  find(query: { label?: string; from?: Date; to?: Date }): AsyncIterable<SecurityEvent>;
  /** A person's successful sign-ins on the web and the desktop app's (not its refreshes), newest first. */
  signInsOf(userId: string, limit: number): Promise<SecurityEvent[]>;
  /** The request ids of a person's sign-ins from a device they had not used before, since `since`. */
  newDeviceRequestsOf(userId: string, since: Date): Promise<Set<string>>;
  /** Removes the entries recorded before `cutOff`; answers how many. */
  removeBefore(cutOff: Date): Promise<number>;
}

export interface UsageStore {
  add(event: { userId: string; action: string; details: Record<string, unknown>; at: Date }): Promise<void>;
}

/** Hands `user.deleted` to every service that holds data of the user. */
export type UserDeletedPublisher = (userId: string) => Promise<void>;

/** notifications' record of a person's choice of reminders and news, and of their phone's channels, with every change. */
export interface NotificationPreferencesReader {
  preferences(userId: string): Promise<PreferencesRecord>;
  phone(userId: string): Promise<PhoneRecord>;
  /** Their webhook endpoints, never a secret. */
  webhooks(userId: string): Promise<WebhookEndpointsRecord['endpoints']>;
}

/** notifications' delivery log of a person, and its "Send again". */
export interface DeliveryLogReader {
  log(person: { userId: string; email: string }): Promise<DeliveryLogEntry[]>;
  /** False when notifications has no such message. */
  sendAgain(messageId: string): Promise<boolean>;
}
