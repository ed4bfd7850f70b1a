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
  'pro-forma': 'transactional',
  'tds-decision': 'transactional',
  'pre-debit-notice': 'transactional',
  'renewal-failed': 'transactional',
  'expiry-reminder': 'reminder',
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
  'pro-forma': 'Pro-forma invoice',
  'tds-decision': 'Form 16A decision',
  'pre-debit-notice': 'UPI Autopay pre-debit notice',
  'renewal-failed': 'Renewal payment failed',
  'expiry-reminder': 'Plan or trial ending reminder',
};

export const MESSAGE_CHANNELS = ['email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * queued: waiting for its first try; retrying: a try failed and another is scheduled; sent: the
 * provider took it; failed: every try failed, or an admin's "Send again" is due.
 */
export const DELIVERY_STATES = ['queued', 'retrying', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
};
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail' };

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
}

export const NOTIFICATION_MESSAGES = {
  messageNotFound: 'Message not found',
  onlyFailedAgain: 'Only a message that failed can be sent again',
  sentAgain: 'The message is queued to be sent again.',
} as const;
