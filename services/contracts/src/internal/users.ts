import { z } from 'zod';
import { GENDERS } from '../user-constants';
import { objectIdSchema } from '../ids';
import type { PublicUser } from '../user';
import { consentRecordSchema } from '../consent';
import { accountDeletionBodySchema } from '../account-self-service';

/** auth's /internal/users/*: the user directory the admin area and billing read. */

/**
 * The generation, in Redis, of what the directory shows of a person (names, picture, details):
 * auth advances it after each change, and billing remembers a profile under it between status
 * calls, so a change shows at the next call in every replica.
 */
export const profileGenerationKey = (redisPrefix: string, userId: string) => `${redisPrefix}auth:profile-generation:${userId}`;

export const internalUserSearchQuery = z.object({
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const internalUserIdParams = z.object({ id: objectIdSchema('Malformed user id') });
export const internalStatsQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(90) });

const optionalString = z.string().optional();
export const publicUserSchema: z.ZodType<PublicUser> = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  picture: z.string().nullable(),
  isGoogleUser: z.boolean(),
  createdAt: z.string(),
  personalInfo: z.object({
    age: z.number().optional(),
    gender: z.enum(GENDERS).optional(),
    mobileNumber: optionalString,
    occupation: optionalString,
    organization: optionalString,
    profileComplete: z.boolean(),
    address: z.object({ street: z.string(), city: z.string(), state: z.string(), pincode: z.string(), country: z.string() }).optional(),
  }),
  profileCompletionPercentage: z.number(),
  consent: consentRecordSchema.nullable(),
});

export const internalUserSearchAnswer = z.object({
  users: z.array(publicUserSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export const internalUserAnswer = z.object({ user: publicUserSchema });
/**
 * /internal/users/export answers every user as newline-delimited JSON, one `publicUserSchema` per
 * line in id order, from a single database cursor: paging would make the embedded store read and
 * sort the whole collection once per page.
 */
export const USER_EXPORT_CONTENT_TYPE = 'application/x-ndjson';
export const internalStatsAnswer = z.object({
  totalUsers: z.number(),
  signupsPerDay: z.array(z.object({ date: z.string(), count: z.number() })),
});
export const internalUserDeletedAnswer = z.object({ deleted: z.literal(true) });
/** DELETE /internal/users/:id?notify=true: the person deleted their own account and gets a last e-mail. */
export const internalUserDeleteQuery = z.object({ notify: z.enum(['true', 'false']).default('false') });
/**
 * POST /internal/users/:id/confirm-deletion: the person's own confirmation, checked by auth before
 * admin-reporting deletes the account; `ip` is theirs, for the wrong-password limit.
 */
export const internalConfirmDeletionBody = accountDeletionBodySchema.extend({ ip: z.string().max(64) });

export type InternalUserSearchAnswer = z.infer<typeof internalUserSearchAnswer>;
export type InternalStatsAnswer = z.infer<typeof internalStatsAnswer>;
