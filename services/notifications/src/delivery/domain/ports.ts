import type {
  DeliveryLogEntry,
  DeliveryState,
  MessageCategory,
  MessageChannel,
  MessageKind,
  OptionalCategory,
  PhoneChannel,
  ProviderStatus,
} from '@portal/contracts';
import type { AcceptedMessage } from '@portal/contracts/internal';

export interface MessageRecord extends Omit<AcceptedMessage, 'key' | 'kind' | 'brief'> {
  id: string;
  kind: MessageKind;
  category: MessageCategory;
  channel: MessageChannel;
  /** WhatsApp and SMS: the template's values in order; dropped once sent, as a body is. */
  values?: string[];
  /** The provider's id of what it took (a wamid, an SMS request id), by which its statuses arrive. */
  providerId?: string | null;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** When the next try is due; a sweep queues again what is overdue. */
  nextAttemptAt: Date | null;
}

export interface MessageStore {
  /** The new message, or null when one with its key is already kept (a repeated hand-over). */
  add(message: MessageRecord): Promise<MessageRecord | null>;
  get(id: string): Promise<MessageRecord | null>;
  markSent(id: string, attempts: number, at: Date, providerId?: string): Promise<void>;
  /** A provider's report of a message it took, by its id, kept whether or not the try has recorded that id yet. */
  markProviderStatus(providerId: string, status: ProviderStatus): Promise<void>;
  /** Not sent: the person had turned its category off by the time it was due. */
  markWithheld(id: string): Promise<void>;
  markFailedTry(
    id: string,
    change: { attempts: number; lastError: string; state: 'retrying' | 'failed'; nextAttemptAt: Date | null },
  ): Promise<void>;
  /** A failed message back in the queue by an admin's "Send again"; false when it was not failed. */
  requeueFailed(id: string, at: Date): Promise<boolean>;
  /** Ids of messages waiting whose next try was due before `before`. */
  overdue(before: Date, limit: number): Promise<string[]>;
  /** Newest first: the person's messages, and those sent to their address without their id. */
  forPerson(person: { userId: string; email?: string | undefined }, limit: number): Promise<DeliveryLogEntry[]>;
  countByState(): Promise<Record<DeliveryState, number>>;
  oldestWaiting(): Promise<Date | null>;
  deleteForUser(userId: string): Promise<void>;
  ready: Promise<unknown>;
}

/** The provider's side of an e-mail's delivery: SMTP. */
export interface EmailProvider {
  send(message: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    messageId: string;
    headers?: Record<string, string>;
    attachments: { filename: string; content: Buffer; contentType: string }[];
  }): Promise<void>;
}

/** The queue of tries: one job per message id at a time. */
export interface DeliveryQueue {
  enqueue(id: string): Promise<void>;
}

/** The person's choices, as the preferences capability keeps them. */
export interface RecipientPreferences {
  /** Whether the person chose not to receive this category; never for a transactional one. */
  withholds(userId: string, category: MessageCategory): Promise<boolean>;
  /** The signed link that stops this category for this person. */
  unsubscribeUrl(userId: string, category: OptionalCategory): string;
}

/** A phone's provider: WhatsApp's Cloud API or an SMS gateway. Answers the provider's id of the message. */
export interface PhoneProvider {
  send(message: { to: string; kind: string; values: string[] }): Promise<string>;
}
export type PhoneProviders = Partial<Record<PhoneChannel, PhoneProvider>>;

/** The person's phone, as the phones capability keeps it. */
export interface PhoneRecipients {
  /** Each channel the person chose, with their verified number. */
  channelsOf(userId: string): Promise<{ channel: PhoneChannel; to: string }[]>;
  /** The signed page every SMS links to (the portal, and stopping SMS). */
  smsPageUrl(userId: string): string;
}

/** What Meta last reported of a WhatsApp template: its category (Meta may change it) and its review status. */
export interface TemplateReport {
  category: string | null;
  status: string | null;
  reportedAt: Date;
}
export interface TemplateReports {
  get(name: string): Promise<TemplateReport | null>;
  record(name: string, report: Partial<Pick<TemplateReport, 'category' | 'status'>> & { reportedAt: Date }): Promise<void>;
}
