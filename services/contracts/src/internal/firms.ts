import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { FIRM_SEAT_RANGE } from '../firm-roles';

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
