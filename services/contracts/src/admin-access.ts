import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './user';

/**
 * Who among the seller's staff may do what (issue #49 §2). The server holds every admin route to
 * one action; the admin screens read the same table to show only what the role may do.
 */
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'read-only'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const isAdminRole = (value: unknown): value is AdminRole => ADMIN_ROLES.includes(value as AdminRole);

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  'read-only': 'Read-only',
};

export const ADMIN_ACTIONS = [
  'view',
  'manage-users',
  'manage-subscriptions',
  'manage-feedback',
  'refund',
  'export-billing',
  'export-people',
  'publish-releases',
  'manage-admins',
  'export-security-log',
  /** One's own sign-in: signing out, one's passkeys. Every role. */
  'own-sign-in',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const ROLE_ACTIONS: Record<AdminRole, readonly AdminAction[]> = {
  owner: ADMIN_ACTIONS,
  // transactions, refunds, mandates, GST exports and invoices; people's contact details stay with the owner
  finance: ['view', 'own-sign-in', 'refund', 'export-billing'],
  // the people and their plans and devices; never money going out, never a file leaving the portal
  support: ['view', 'own-sign-in', 'manage-users', 'manage-subscriptions', 'manage-feedback'],
  'read-only': ['view', 'own-sign-in'],
};

export const adminMay = (role: AdminRole, action: AdminAction): boolean => ROLE_ACTIONS[role].includes(action);

export const ADMIN_ACCESS_MESSAGES = {
  roleRefused: 'Your admin role does not allow this.',
  secondFactorRequired: 'Sign in with your second factor to use the admin area.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  wrongCode: 'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
  notEnrolling: 'Start the authenticator set-up again: sign in once more.',
  alreadyEnrolled: 'An authenticator is already set up for this admin.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  recoveryCodesLeft: (left: number) => `A recovery code was used. ${left} of 10 remain.`,
  invited: (email: string) => `An invitation was sent to ${email}.`,
  adminExists: 'An admin with this email already exists.',
  invitationInvalid: 'This invitation is not valid. Ask an owner of the portal for a new one.',
  invitationAccepted: 'Your admin account is ready. Sign in to set up your authenticator.',
  lastOwner: 'The portal needs at least one owner: make another admin an owner first.',
  notYourself: 'Ask another owner to change your own role or remove you.',
  roleChanged: 'Role changed.',
  removed: 'Admin removed.',
  secondFactorReset: 'The authenticator was reset. The admin sets up a new one at the next sign-in.',
  adminNotFound: 'Admin not found.',
  passkeyAdded: 'Passkey added. You can sign in with it instead of a code.',
  passkeyRemoved: 'Passkey removed.',
  passkeyRefused: 'The passkey could not be checked. Try again, or use a code from your authenticator app.',
  passkeyStale: 'The passkey request expired. Please try again.',
  passkeyNotFound: 'Passkey not found.',
} as const;

/** The password step's answer: no admin token until the second factor is verified. */
export interface AdminPasswordStep {
  /** `enrol`: no authenticator yet, set one up now; `totp`: enter a code from it. */
  secondFactor: 'enrol' | 'totp';
  /** Short-lived, accepted only by the second-factor calls. */
  challenge: string;
  /** The admin has a passkey, which may stand in for the code. */
  passkey: boolean;
}

/** One of the signed-in admin's passkeys, as their Security tab lists it. */
export interface AdminPasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface TotpEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: string;
}

export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'Choose owner, finance, support or read-only' });
const challengeSchema = z.string().min(20).max(4096);
const totpCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
// ten groups of five letters and digits with a dash, as shown; spaces and case forgiven
const recoveryCodeSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/, 'A recovery code looks like abcde-12345'));

export const adminChallengeBodySchema = z.strictObject({ challenge: challengeSchema });
export const adminEnrolmentConfirmBodySchema = z.strictObject({ challenge: challengeSchema, code: totpCodeSchema });
export const adminSecondFactorBodySchema = z.union(
  [
    z.strictObject({ challenge: challengeSchema, code: totpCodeSchema }),
    z.strictObject({ challenge: challengeSchema, recoveryCode: recoveryCodeSchema }),
  ],
  { error: 'Enter the 6-digit code from your authenticator app, or a recovery code' },
);
// a WebAuthn response as @simplewebauthn/browser sends it; the library checks its content
const webAuthnResponseSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,1366}$/),
  rawId: z.string().max(1366),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});
export const adminPasskeySignInBodySchema = z.strictObject({ challenge: challengeSchema, response: webAuthnResponseSchema });
export const adminPasskeyAddBodySchema = z.strictObject({
  response: webAuthnResponseSchema,
  name: z.string().trim().min(1, 'Name the passkey').max(60, 'At most 60 characters').default('Passkey'),
});

export const adminInviteBodySchema = z.strictObject({ email: emailSchema, role: adminRoleSchema });
export const adminRoleBodySchema = z.strictObject({ role: adminRoleSchema });
export const adminInvitationAcceptBodySchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, ADMIN_ACCESS_MESSAGES.invitationInvalid),
  password: newPasswordSchema,
});

/** One of the seller's staff as the Admins tab lists them. */
export interface AdminListEntry {
  id: string;
  email: string;
  role: AdminRole;
  /** `invited` until the invitee sets a password. */
  state: 'invited' | 'active';
  secondFactor: boolean;
  createdAt: string;
}
