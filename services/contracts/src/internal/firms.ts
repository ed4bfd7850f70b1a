import { z } from 'zod';
import { pagingShape } from '../paging';
import { FIRM_ROLES } from '../firm-roles';

/**
 * auth's GET /internal/users/:id/firms, which admin-reporting asks for a user's page: the firms
 * they belong to, their role, and who manages each (its owner's name).
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
