import { z } from 'zod';
import { FIRM_ROLES, FIRM_SEAT_RANGE } from '../firm-roles';
import { objectIdSchema } from '../ids';

/**
 * The events that carry "members ≤ seats" between auth and billing, on BullMQ queues
 * rather than a call per request. auth owns the rule (it decides who may join a firm); billing owns
 * the seats. Each side keeps what it needs of the other's in a local read model.
 *
 * Every event is the whole current state of one firm, stamped with the publisher's revision, never
 * a delta: applying one twice changes nothing, an older one arriving after a newer one is ignored
 * (its revision is lower), and replaying every firm's state repairs a model that lost events.
 */
export const FIRM_EVENTS = {
  /** auth → billing: who a firm's people are now (joined, left, a role changed, renamed, deleted). */
  membersChanged: 'firm.members-changed',
  /** billing → auth: the seats a firm has bought now, and until when they are paid. */
  seatsChanged: 'firm.seats-changed',
} as const;

const revision = z.number().int().positive();

export const firmMembersChangedEvent = z.object({
  firmId: z.string(),
  revision,
  /** The firm is gone: its people have no seat in it any more. */
  deleted: z.boolean(),
  name: z.string(),
  /** Its owner's name, as a member's status names who manages the plan they draw on. */
  managedBy: z.string(),
  members: z.array(
    z.object({
      userId: z.string(),
      role: z.enum(FIRM_ROLES),
      /** The seat the person holds, numbered from 1 (the owner's). */
      seat: z.number().int().min(1),
    }),
  ),
});
export type FirmMembersChangedEvent = z.infer<typeof firmMembersChangedEvent>;

/** GET /internal/firms/:firmId/state on auth: the firm's state now, as its next event will carry it. */
export const internalFirmParams = z.object({ firmId: objectIdSchema('Malformed firm id') });

export const firmSeatsChangedEvent = z.object({
  firmId: z.string(),
  revision,
  /** The seats bought while a paid plan gives access; one (the owner's) otherwise. */
  seats: z.number().int().min(FIRM_SEAT_RANGE.min).max(FIRM_SEAT_RANGE.max),
  /** Where that access ends (after it the firm has one seat again); null when it never ends or none runs. */
  paidUntil: z.string().nullable(),
});
export type FirmSeatsChangedEvent = z.infer<typeof firmSeatsChangedEvent>;

/** The seats a firm has at `now`, from billing's last word: a paid period that has ended leaves the owner's seat. */
export function seatsAt(event: Pick<FirmSeatsChangedEvent, 'seats' | 'paidUntil'> | null, now: Date) {
  if (!event || (event.paidUntil !== null && new Date(event.paidUntil).getTime() <= now.getTime())) {
    return { seats: 1, paidUntil: null };
  }
  return { seats: event.seats, paidUntil: event.paidUntil };
}

/** What each side needs to publish its firms' states: the other's queue, its revisions, the clock. */
export interface FirmStatePublishing<E> {
  /** false when the event could not be queued (the replay sends it later). */
  publish(name: string, event: E): Promise<boolean>;
  nextRevision(): Promise<number>;
  now: () => Date;
}

const REPLAY_PAGE = 200;

/**
 * The replay that repairs a read model which lost events: every firm's state sent again, the ids
 * read a page at a time in order. Returns how many were queued.
 */
export async function replayFirms(
  idsAfter: (after: string | null, limit: number) => Promise<string[]>,
  send: (firmId: string) => Promise<boolean>,
): Promise<number> {
  let sent = 0;
  for (let after: string | null = null, ids = await idsAfter(null, REPLAY_PAGE); ids.length; ids = await idsAfter(after, REPLAY_PAGE)) {
    for (const firmId of ids) if (await send(firmId)) sent++;
    after = ids[ids.length - 1]!;
  }
  return sent;
}
