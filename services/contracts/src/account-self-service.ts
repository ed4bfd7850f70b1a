import { z } from 'zod';
import type { DownloadSummary } from './download';
import type {
  AuthAccountData,
  BillingAccountData,
  FeedbackAccountData,
  PartnerAccountData,
  WebhookEndpointsRecord,
} from './internal/account-data';
import type { PhoneRecord, PreferencesRecord } from './internal/messages';
import type { DeliveryLogEntry } from './notifications';
import { newPasswordSchema, type PublicUser } from './user';
import { MESSAGES } from './validation-messages';

/**
 * Profile → Security and Privacy (behaviour.md §3): changing the password, and deleting the
 * account, which the person confirms with their password, or, for a Google account without one,
 * by typing their e-mail.
 */

/** PUT /api/auth/password: an account with a password gives it; a Google-only account sets its first one. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string({ error: MESSAGES.passwordRequired }).max(1024).optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change's answer: a new token for this session, every other session having ended. */
export interface ChangePasswordAnswer {
  token: string;
  message: string;
}

/**
 * GET /api/account/my-data: everything the portal holds about the person as one document (the
 * DPDP Act's right of access), joined on the server from each service's part
 * (`@portal/contracts/internal`'s account-data) and recorded once in the audit log.
 */
export type MyAccountData = { exportedAt: string; profile: Omit<PublicUser, 'consent'> } & Omit<AuthAccountData, 'profile'> &
  BillingAccountData & { downloads: DownloadSummary['downloadHistory'] } & FeedbackAccountData & {
    /** What the portal sent them (without bodies), their choice of reminders and news, and their phone's channels. */
    messages: DeliveryLogEntry[];
    notificationPreferences: PreferencesRecord;
    phone: PhoneRecord;
    webhookEndpoints: WebhookEndpointsRecord['endpoints'];
  } & PartnerAccountData;

/** POST /api/account/delete, and the identity check auth makes for it. */
export const accountDeletionBodySchema = z.strictObject({
  password: z.string().max(1024).optional(),
  email: z.string().trim().toLowerCase().max(254).optional(),
});
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>;

export const SELF_SERVICE_MESSAGES = {
  passwordChanged: 'Your password has been changed. Every other session, on the web and in the desktop app, has been signed out.',
  passwordSet: 'Your password has been set. You can now sign in with your e-mail and this password too.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  samePassword: 'Your new password must differ from the current one.',
  changedMeanwhile:
    'Your password was changed by another request at the same moment, so this change was not made. Please sign in with the password that was set.',
  confirmWithPassword: 'Please enter your password to delete your account.',
  confirmWithEmail: 'Please type your e-mail address exactly to delete your account.',
  deleted: 'Your account has been deleted. We have sent a last e-mail to confirm it.',
} as const;
