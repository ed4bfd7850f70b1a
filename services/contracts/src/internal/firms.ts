import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { pagingShape } from '../paging';
import { FIRM_ROLES, FIRM_SEAT_RANGE } from '../firm-roles';

/**
 * billing's GET /internal/firms/:firmId/seats, which auth asks before a member joins and before a
 * firm is deleted: the seats the firm has bought (one, the owner's, while it has bought none) and
 * the end of its paid period while one runs.
 */
export const internalFirmParams = z.object({ firmId: objectIdSchema('Malformed firm id') });
export const internalFirmSeatsAnswer = z.object({
  seats: z.number().int().min(FIRM_SEAT_RANGE.min).max(FIRM_SEAT_RANGE.max),
  paidUntil: z.string().nullable(),
});
export type InternalFirmSeatsAnswer = z.infer<typeof internalFirmSeatsAnswer>;

/**
 * auth's GET /internal/firms/:firmId/members/:userId, which billing asks before a call about a
 * firm's billing: the firm, the person's role in it and how many people use its seats; 404 when
 * the person is not a member.
 */
export const internalFirmMemberParams = internalFirmParams.extend({ userId: objectIdSchema('Malformed user id') });
export const internalFirmMemberAnswer = z.object({
  firm: z.object({ id: z.string(), name: z.string() }),
  role: z.enum(FIRM_ROLES),
  members: z.number().int().min(1),
});
export type InternalFirmMemberAnswer = z.infer<typeof internalFirmMemberAnswer>;

/**
 * auth's GET /internal/users/:id/firms, which billing asks when a person's own plan gives no
 * access: the firms they belong to, their role, and who manages each (its owner's name).
 */
export const internalUserFirmsAnswer = z.object({
  firms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(FIRM_ROLES),
      managedBy: z.string(),
      /** The seat the person holds, numbered from 1 (the owner's). */
      seat: z.number().int().min(1),
    }),
  ),
});
export type InternalUserFirmsAnswer = z.infer<typeof internalUserFirmsAnswer>;

/** auth's GET /internal/firms: a page of the firms, newest first, with their people (the admin's Firms tab). */
export const internalFirmsQuery = z.object(pagingShape);
const firmPersonSchema = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.enum(FIRM_ROLES) });
export const internalFirmsAnswer = z.object({
  firms: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), members: z.array(firmPersonSchema) })),
  total: z.number().int().min(0),
});
export type InternalFirmsAnswer = z.infer<typeof internalFirmsAnswer>;

/**
 * auth's POST /internal/users/firms/lookup: the firms of many people at once, for the admin's
 * users export (a batch of its rows); people in no firm are left out.
 */
export const internalUserFirmsLookupBody = z.object({ userIds: z.array(z.string().max(64)).max(1000) });
export const internalUserFirmsLookupAnswer = z.object({
  firms: z.record(z.string(), z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(FIRM_ROLES) }))),
});
export type InternalUserFirmsLookupAnswer = z.infer<typeof internalUserFirmsLookupAnswer>;
