import { z } from 'zod';
import {
  MESSAGE_KIND_NAMES,
  DELIVERY_STATES,
  MESSAGE_CHANNELS,
  OPTIONAL_CATEGORIES,
  PREFERENCE_SOURCES,
  PROVIDER_STATUSES,
  type DeliveryLogEntry,
} from '../notifications';
import { objectIdSchema } from '../ids';
import { PHONE_CHANNELS, PHONE_CONSENT_SOURCES } from '../phone-channels';

/** notifications' /internal/messages: a producer's outbox hands each message over here. */

/**
 * A message as its producer rendered it. The key is the producer's stable name for "this message
 * about this change" (an order's receipt, a reset's link): notifications keeps one per key, so a
 * hand-over repeated after a crash or a retry is the same message.
 */
export const outboundMessageSchema = z.object({
  key: z.string().min(1).max(300),
  kind: z.enum(MESSAGE_KIND_NAMES as [string, ...string[]]),
  /** Whose message it is (their delivery log, their preferences); none for an invitation to someone new. */
  userId: z.string().max(64).optional(),
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(500),
  text: z.string().max(200_000),
  html: z.string().max(500_000).optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(200),
        contentType: z.string().min(1).max(100),
        /** base64 */
        content: z.string().max(14_000_000),
      }),
    )
    .max(5)
    .default([]),
  /**
   * The values the kind's WhatsApp and SMS templates carry (PHONE_TEMPLATE_VALUES): with them, the
   * message also goes to each phone channel the person chose.
   */
  brief: z.record(z.string().regex(/^[a-z]{1,20}$/), z.string().min(1).max(60)).optional(),
});
export type OutboundMessage = z.input<typeof outboundMessageSchema>;
export type AcceptedMessage = z.output<typeof outboundMessageSchema>;

export const messageHandOverAnswerSchema = z.object({ id: z.string(), state: z.enum(DELIVERY_STATES) });

export const deliveryLogEntrySchema: z.ZodType<DeliveryLogEntry> = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KIND_NAMES as [DeliveryLogEntry['kind'], ...DeliveryLogEntry['kind'][]]),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string(),
  subject: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  providerStatus: z.enum(PROVIDER_STATUSES).nullable().optional(),
});
export const deliveryLogSchema = z.object({ messages: z.array(deliveryLogEntrySchema) });
/** The person of notifications' per-person calls (their delivery log, their preferences). */
export const personParams = z.object({ userId: objectIdSchema('Malformed user id') });
export const deliveryLogQuery = z.object({ email: z.string().min(3).max(320).optional() });

/**
 * GET /internal/users/:userId/preferences on notifications (admin-reporting, for the person's own
 * data): their choices and every change kept, oldest first.
 */
export const preferencesRecordSchema = z.object({
  preferences: z.object({ reminder: z.boolean(), news: z.boolean() }),
  changes: z.array(
    z.object({
      category: z.enum(OPTIONAL_CATEGORIES),
      subscribed: z.boolean(),
      at: z.string(),
      via: z.enum(PREFERENCE_SOURCES),
    }),
  ),
});
export type PreferencesRecord = z.infer<typeof preferencesRecordSchema>;

/**
 * GET /internal/users/:userId/phone on notifications (admin-reporting, for the person's own data):
 * their verified number, each channel's consent, and every change with the text shown, oldest first.
 */
export const phoneRecordSchema = z.object({
  mobile: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  channels: z.object({ whatsapp: z.boolean(), sms: z.boolean() }),
  changes: z.array(
    z.object({
      channel: z.enum(PHONE_CHANNELS),
      on: z.boolean(),
      version: z.string(),
      text: z.string(),
      at: z.string(),
      via: z.enum(PHONE_CONSENT_SOURCES),
      mobile: z.string(),
    }),
  ),
});
export type PhoneRecord = z.infer<typeof phoneRecordSchema>;

/** POST /internal/phone-sign-in/codes and …/verify on notifications (auth): a code to a verified number, and its check. */
export const phoneSignInCodeBody = z.object({ mobile: z.string().regex(/^\+91[6-9]\d{9}$/) });
export const phoneSignInVerifyBody = phoneSignInCodeBody.extend({ code: z.string().regex(/^\d{6}$/) });
export const phoneSignInAnswer = z.object({ userId: z.string() });
