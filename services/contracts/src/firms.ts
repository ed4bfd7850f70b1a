import { z } from 'zod';
import { objectIdSchema } from './ids';
import { withoutDirectionControls } from './plain-text';
import { emailSchema } from './user';
import { INVITABLE_ROLES } from './firm-roles';

/** The calls of /api/firms and /api/firm-invitations (auth); the texts and answers are in firm-roles.ts. */

const FIRM_NAME_MESSAGE = 'Enter the firm name';
const firmNameSchema = z
  .string({ error: FIRM_NAME_MESSAGE })
  .overwrite(withoutDirectionControls)
  .trim()
  .min(1, FIRM_NAME_MESSAGE)
  .max(120, 'Must be at most 120 characters');

export const createFirmBodySchema = z.strictObject({ name: firmNameSchema });
export const renameFirmBodySchema = createFirmBodySchema;
export const firmParamsSchema = z.object({ firmId: objectIdSchema('Malformed firm id') });
export const firmMemberParamsSchema = firmParamsSchema.extend({ userId: objectIdSchema('Malformed user id') });
export const firmInvitationParamsSchema = firmParamsSchema.extend({ invitationId: objectIdSchema('Malformed invitation id') });

const roleSchema = z.enum(INVITABLE_ROLES, { error: 'Choose admin or member' });
export const inviteBodySchema = z.strictObject({ email: emailSchema, role: roleSchema.default('member') });
export const changeRoleBodySchema = z.strictObject({ role: roleSchema });
export const transferOwnershipBodySchema = z.strictObject({ userId: objectIdSchema('Malformed user id') });

/** The invitation's secret, from the e-mailed link. */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.');
export const invitationTokenParamsSchema = z.object({ token: invitationTokenSchema });
export const acceptInvitationBodySchema = z.strictObject({ token: invitationTokenSchema });

export type InviteBody = z.infer<typeof inviteBodySchema>;
