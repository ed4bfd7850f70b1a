import { z } from 'zod';
import { ADMIN_ACCESS_MESSAGES, ADMIN_ROLES } from './admin-roles';
import { emailSchema, newPasswordSchema } from './user';

/** The bodies of the Admins tab's calls. */
export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'Choose owner, finance, support or read-only' });
export const adminInviteBodySchema = z.strictObject({ email: emailSchema, role: adminRoleSchema });
export const adminRoleBodySchema = z.strictObject({ role: adminRoleSchema });
export const adminInvitationAcceptBodySchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, ADMIN_ACCESS_MESSAGES.invitationInvalid),
  password: newPasswordSchema,
});
