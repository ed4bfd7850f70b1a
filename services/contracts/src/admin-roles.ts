/**
 * Who among the seller's staff may do what. Plain rules without schemas, so the admin
 * screens that read them do not load zod (its schemas are in admin-access.ts). The server holds every admin route to
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
  /** Promotion codes: making them and ending them. */
  'manage-promotions',
  /** Bank transfers: recording credits, uploading statements, applying or returning what matched nothing. */
  'record-receipts',
  /** Partners: creating them, their tiers, rates and staff, suspending them, assigning customers. */
  'manage-partners',
  /** Recording a partner's payout against its statement. */
  'pay-partners',
  /** The vendor's own webhook endpoints, which receive every account's events. */
  'manage-webhooks',
  'manage-admins',
  'export-security-log',
  /** One's own sign-in: signing out, one's passkeys. Every role. */
  'own-sign-in',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const ROLE_ACTIONS: Record<AdminRole, readonly AdminAction[]> = {
  owner: ADMIN_ACTIONS,
  // transactions, refunds, mandates, GST exports and invoices; people's contact details stay with the owner
  finance: ['view', 'own-sign-in', 'refund', 'export-billing', 'manage-promotions', 'record-receipts', 'pay-partners'],
  // the people and their plans and devices; never money going out, never a file leaving the portal
  support: ['view', 'own-sign-in', 'manage-users', 'manage-subscriptions', 'manage-feedback'],
  'read-only': ['view', 'own-sign-in'],
};

export const adminMay = (role: AdminRole, action: AdminAction): boolean => ROLE_ACTIONS[role].includes(action);

export const ADMIN_ACCESS_MESSAGES = {
  roleRefused: 'Your admin role does not allow this.',
  secondFactorRequired: 'Sign in with your second factor to use the admin area.',
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
} as const;

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
