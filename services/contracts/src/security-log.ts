import { z } from 'zod';
import { emailSchema } from './user';

/**
 * The security log: one append-only record of what an incident's investigation
 * asks for, from every service, kept SECURITY_LOG_RETENTION_DAYS then removed by itself. CERT-In's
 * directions ask for 180 days; the DPDP Rules for a year.
 */
export const SECURITY_RECORDED = 'security.recorded';
export const SECURITY_LOG_RETENTION_DAYS = 365;

export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-out',
  'second-factor',
  /** The desktop app's: a session started or refreshed (`token-issued`), or ended (`token-revoked`). */
  'token-issued',
  'token-revoked',
  /** A sign-in from a browser or computer the account had not used before (when it had used others). */
  'new-device',
  'password-changed',
  'password-reset',
  'account-change',
  'admin-action',
  'licence-activated',
  'refund',
  'payment-webhook',
  /** A read-only API key made, revoked, or used (once a minute at most per key). */
  'api-key',
  /** A firm's floating seat checked out, borrowed, released or freed, or refused because all were held. */
  'seat-lease',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** What a service says happened; the publisher adds the time, the service and the request's origin. */
export interface SecurityEventInput {
  kind: SecurityEventKind;
  outcome: 'success' | 'failure';
  /** Whose account or what thing it concerns: a user's or admin's e-mail is its label. */
  subject: { type: string; id?: string; label?: string };
  /** Who acted, when not the subject (an admin on a user, PhonePe on a payment). */
  actor?: string;
  /** Why it failed, or what it was (`wrong-password`, `recovery-code`, `role-changed`…). */
  reason?: string;
  details?: Record<string, unknown>;
}

export interface SecurityEvent extends SecurityEventInput {
  at: string;
  service: string;
  requestId?: string;
  address?: string;
  userAgent?: string;
}

const day = z.iso.date({ error: 'Dates must look like YYYY-MM-DD' });
/** One person's entries (by e-mail) or one window of days (IST), or both: never the whole log at once. */
export const securityLogExportQuerySchema = z
  .strictObject({ email: emailSchema.optional(), from: day.optional(), to: day.optional() })
  .refine((query) => query.email || (query.from && query.to), { error: 'Choose a person’s e-mail, or a window from one day to another' })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'The window must start before it ends' });
export type SecurityLogExportQuery = z.infer<typeof securityLogExportQuerySchema>;

/** How many of a person's own sign-ins the Security and Privacy tab lists. */
export const OWN_SIGN_INS_SHOWN = 30;

/** One of a person's own sign-ins, newest first on the Security and Privacy tab. */
export interface OwnSignIn {
  at: string;
  /** The address it came from, as the gateway saw it. */
  address: string | null;
  /** "Chrome on Windows", or the desktop app's computer name. */
  device: string;
  desktop: boolean;
  /** Whether a second factor (an authenticator's code or a passkey) was asked as well. */
  secondFactor: boolean;
  /** From a browser or computer the account had not used before (the new sign-in e-mail went out). */
  newDevice: boolean;
}

export const OWN_SIGN_IN_MESSAGES = {
  notMe:
    'Every session of your account has ended, here and in the desktop app, and your password no longer works. We have e-mailed you a link to choose a new one.',
  /** An account that signs in only with Google has no password of ours to stop. */
  notMeWithGoogle:
    'Every session of your account has ended, here and in the desktop app. You sign in with Google: if someone else may know that password, change it with Google. We have also e-mailed you a link to set a password here.',
} as const;
