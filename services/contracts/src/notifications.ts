import { z } from 'zod';

/**
 * What the portal sends a person, as the notifications service delivers it and the admin area
 * shows it. A producer names each message by its kind; the kind's category decides whether the
 * person's preferences may hold it back (receipts, resets, security alerts and legal notices always go).
 */
export const MESSAGE_CATEGORIES = ['transactional', 'reminder', 'news'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export const MESSAGE_KINDS = {
  welcome: 'transactional',
  'password-reset': 'transactional',
  'password-changed': 'transactional',
  'sign-in-alert': 'transactional',
  'account-deleted': 'transactional',
  'firm-invitation': 'transactional',
  'admin-invitation': 'transactional',
  'payment-receipt': 'transactional',
  'refund-notice': 'transactional',
  'refund-details-request': 'transactional',
  'pro-forma': 'transactional',
  'tds-decision': 'transactional',
  'pre-debit-notice': 'transactional',
  'renewal-failed': 'transactional',
  'expiry-reminder': 'reminder',
  'phone-code': 'transactional',
  'webhook-disabled': 'transactional',
} as const satisfies Record<string, MessageCategory>;
export type MessageKind = keyof typeof MESSAGE_KINDS;
export const MESSAGE_KIND_NAMES = Object.keys(MESSAGE_KINDS) as MessageKind[];

/** What the admin's delivery log calls each kind. */
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  welcome: 'Welcome',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  'sign-in-alert': 'New sign-in alert',
  'account-deleted': 'Account deleted',
  'firm-invitation': 'Firm invitation',
  'admin-invitation': 'Admin invitation',
  'payment-receipt': 'Receipt and tax invoice',
  'refund-notice': 'Refund and credit note',
  'refund-details-request': 'Refund waiting for billing details',
  'pro-forma': 'Pro-forma invoice',
  'tds-decision': 'Form 16A decision',
  'pre-debit-notice': 'UPI Autopay pre-debit notice',
  'renewal-failed': 'Renewal payment failed',
  'expiry-reminder': 'Plan or trial ending reminder',
  'phone-code': 'Mobile number code',
  'webhook-disabled': 'Webhook endpoint disabled',
};

export const MESSAGE_CHANNELS = ['email', 'whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * queued: waiting for its first try; retrying: a try failed and another is scheduled; sent: the
 * provider took it; failed: every try failed, or an admin's "Send again" is due; withheld: the
 * person had chosen not to receive its category by the time it was due.
 */
export const DELIVERY_STATES = ['queued', 'retrying', 'sent', 'failed', 'withheld'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
  withheld: 'Not sent: unsubscribed',
};
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail', whatsapp: 'WhatsApp', sms: 'SMS' };

/** What a phone's provider last reported of a message it took (WhatsApp's statuses, an SMS's delivery report). */
export const PROVIDER_STATUSES = ['delivered', 'read', 'undelivered'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
/** How the admin's delivery log names what a phone's provider reported. */
export const PROVIDER_STATUS_LABELS: Record<ProviderStatus, string> = {
  delivered: 'Delivered',
  read: 'Read',
  undelivered: 'Not delivered',
};

/** One line of a person's delivery log in the admin's user details. */
export interface DeliveryLogEntry {
  id: string;
  kind: MessageKind;
  channel: MessageChannel;
  to: string;
  subject: string;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** WhatsApp and SMS: delivered, read or undelivered, as the provider last reported; null until it does. */
  providerStatus?: ProviderStatus | null;
}

/** The categories a person may turn off; transactional messages always go. */
export const OPTIONAL_CATEGORIES = ['reminder', 'news'] as const satisfies readonly MessageCategory[];
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export const isOptionalCategory = (category: string): category is OptionalCategory =>
  (OPTIONAL_CATEGORIES as readonly string[]).includes(category);

/** How the profile and the unsubscribe page name each optional category. */
export const OPTIONAL_CATEGORY_TEXTS: Record<OptionalCategory, { label: string; description: string; unsubscribed: string }> = {
  reminder: {
    label: 'Reminders',
    description: 'Before your plan or trial ends, so that you can renew in time.',
    unsubscribed: 'You will no longer receive reminders by e-mail.',
  },
  news: {
    label: 'Product news',
    description: 'New editions, features and offers, a few times a year.',
    unsubscribed: 'You will no longer receive product news by e-mail.',
  },
};

/** Where a change came from: the profile, a mail client's one click (RFC 8058), or the link's page. */
export const PREFERENCE_SOURCES = ['profile', 'one-click', 'link'] as const;
export type PreferenceSource = (typeof PREFERENCE_SOURCES)[number];

/** A person's choices: true while they receive the category (the default). */
export type NotificationPreferences = Record<OptionalCategory, boolean>;

export const notificationPreferencesBodySchema = z
  .object({ reminder: z.boolean().optional(), news: z.boolean().optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Choose at least one kind of message' });

export interface NotificationPreferencesAnswer {
  preferences: NotificationPreferences;
  /** When the person last changed them; null while they are the defaults. */
  updatedAt: string | null;
  message?: string;
}

export const NOTIFICATION_MESSAGES = {
  preferencesSaved: 'Your choices are saved.',
  invalidUnsubscribeLink: 'This unsubscribe link is not valid. You can choose which e-mails you receive on your profile.',
  alwaysSent: 'Receipts and tax invoices, password resets, security alerts and legal notices are always sent.',
  messageNotFound: 'Message not found',
  onlyFailedAgain: 'Only a message that failed can be sent again',
  sentAgain: 'The message is queued to be sent again.',
} as const;

/** An unsubscribe link's query: `userId.category.signature`, the signature checked by notifications. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().regex(/^[\w-]{1,64}\.(reminder|news)\.[\w-]{43}$/, NOTIFICATION_MESSAGES.invalidUnsubscribeLink),
});
