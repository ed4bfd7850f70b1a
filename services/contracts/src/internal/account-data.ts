import { z } from 'zod';
import { consentRecordSchema } from '../consent';
import { API_KEY_SCOPES } from '../api-keys';
import { FIRM_ROLES } from '../firm-roles';
import { WEBHOOK_EVENT_TYPES } from '../webhooks';

/**
 * GET /internal/users/:id/account-data on auth, billing and feedback: each service's part of what
 * it holds about one person, which admin-reporting joins into GET /api/account/my-data (the DPDP
 * Act's right of access). Each part is what the person could see of it on their pages.
 */
const at = z.string();

export const authAccountDataSchema = z.object({
  profile: z.looseObject({ _id: z.string(), email: z.string(), firstName: z.string() }),
  /** Every acceptance of the policies, oldest first. */
  consents: z.array(consentRecordSchema),
  desktopSessions: z.array(z.object({ deviceName: z.string(), createdAt: at, lastUsedAt: at })),
  firms: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(FIRM_ROLES) })),
  /** Their read-only API keys not revoked: names, scopes and times, never a key. */
  apiKeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      scopes: z.array(z.enum(API_KEY_SCOPES)),
      preview: z.string(),
      createdAt: at,
      lastUsedAt: at.nullable(),
    }),
  ),
});

export const billingAccountDataSchema = z.object({
  billingDetails: z
    .object({
      legalName: z.string(),
      gstin: z.string().optional(),
      street: z.string(),
      city: z.string(),
      pincode: z.string(),
      stateCode: z.string(),
    })
    .nullable(),
  subscriptionPeriods: z.array(
    z.object({
      plan: z.string(),
      billingPeriod: z.string().nullable(),
      from: at,
      to: at.nullable(),
      state: z.string(),
      pricePaise: z.number(),
      merchantOrderId: z.string().nullable(),
    }),
  ),
  /** Every order, a checkout left open included: what the person started is theirs to see. */
  payments: z.array(
    z.object({
      merchantOrderId: z.string(),
      createdAt: at,
      plan: z.string(),
      billingPeriod: z.string(),
      amountPaise: z.number(),
      status: z.string(),
      invoiceNumber: z.string().nullable(),
    }),
  ),
  creditNotes: z.array(
    z.object({ number: z.string(), issuedAt: at, merchantOrderId: z.string(), totalPaise: z.number(), reason: z.string() }),
  ),
  mandates: z.array(
    z.object({
      merchantSubscriptionId: z.string(),
      plan: z.string(),
      billingPeriod: z.string(),
      amountPaise: z.number(),
      state: z.string(),
      createdAt: at,
    }),
  ),
  devices: z.array(
    z.object({ deviceId: z.string(), deviceName: z.string(), os: z.string(), appVersion: z.string(), activatedAt: at, lastSeenAt: at }),
  ),
});

export const feedbackAccountDataSchema = z.object({
  feedback: z.array(z.object({ type: z.string(), component: z.string(), message: z.string(), status: z.string() }).loose()),
});

export type AuthAccountData = z.infer<typeof authAccountDataSchema>;
export type BillingAccountData = z.infer<typeof billingAccountDataSchema>;
export type FeedbackAccountData = z.infer<typeof feedbackAccountDataSchema>;

/** partners' part: the dealer who serves the person, and how they came to it. */
export const partnerAccountDataSchema = z.object({
  partner: z.object({ legalName: z.string(), code: z.string(), since: at, source: z.enum(['code', 'admin']) }).nullable(),
});
export type PartnerAccountData = z.infer<typeof partnerAccountDataSchema>;

/** notifications' webhook endpoints of a person: addresses, events and state, never a secret. */
export const webhookEndpointsRecordSchema = z.object({
  endpoints: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
      description: z.string(),
      disabled: z.object({ at, reason: z.enum(['owner', 'gone', 'failing']) }).nullable(),
      createdAt: at,
      previousSecretUntil: at.nullable(),
    }),
  ),
});
export type WebhookEndpointsRecord = z.infer<typeof webhookEndpointsRecordSchema>;
