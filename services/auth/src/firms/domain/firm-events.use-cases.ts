import {
  FIRM_EVENTS,
  firmSeatsChangedEvent,
  replayFirms,
  seatsAt,
  type FirmMembersChangedEvent,
  type FirmStatePublishing,
  type FirmSeatsChangedEvent,
} from '@portal/contracts/internal';
import type { FirmStore, SeatReader } from './ports';

export interface FirmEventsDeps extends FirmStatePublishing<FirmMembersChangedEvent> {
  firms: FirmStore;
  /** The read model of billing's `firm.seats-changed`. */
  seats: {
    apply(event: FirmSeatsChangedEvent): Promise<boolean>;
    find(firmId: string): Promise<Pick<FirmSeatsChangedEvent, 'seats' | 'paidUntil'> | null>;
  };
}

/**
 * auth's side of "members ≤ seats": auth decides who may join a firm, from its read
 * model of the seats billing publishes, and tells billing who a firm's people are after each change.
 */
export function firmEventsUseCases({ firms, seats, publish, nextRevision, now }: FirmEventsDeps) {
  async function membersEvent(firmId: string): Promise<FirmMembersChangedEvent> {
    const revision = await nextRevision(); // before the reads: the highest revision carries the newest state
    const [firm, members] = await Promise.all([firms.find(firmId), firms.members(firmId)]);
    if (!firm) return { firmId, revision, deleted: true, name: '', managedBy: '', members: [] };
    const owner = members.find((member) => member.userId === firm.ownerId);
    return {
      firmId,
      revision,
      deleted: false,
      name: firm.name,
      managedBy: owner?.name || owner?.email || '',
      members: members.map(({ userId, role, seat }) => ({ userId, role, seat: (seat ?? 0) + 1 })),
    };
  }

  async function announce(firmId: string): Promise<boolean> {
    return publish(FIRM_EVENTS.membersChanged, await membersEvent(firmId));
  }

  const seatsOf: SeatReader = async (firmId) => {
    const { seats: bought, paidUntil } = seatsAt(await seats.find(firmId), now());
    return { seats: bought, paidUntil: paidUntil ? new Date(paidUntil) : null };
  };

  return {
    announce,
    /**
     * A firm's state now, as its next event will carry it: billing asks on a miss, so that a call
     * made right after a change sees it before the event arrives.
     */
    state: membersEvent,
    seatsOf,
    /** billing's `firm.seats-changed`: kept when newer than what the model holds. */
    applySeats: (data: unknown) => seats.apply(firmSeatsChangedEvent.parse(data)),
    /** Every firm's state again, the deleted ones too: what billing lost in an outage comes back. */
    async replay(): Promise<{ sent: number }> {
      return { sent: (await replayFirms(firms.idsAfter, announce)) + (await replayFirms(firms.deletedIdsAfter, announce)) };
    },
  };
}

/** The firm store, telling billing after each change to a firm's people, name or owner. */
export function announcingFirmStore(firms: FirmStore, announce: (firmId: string) => Promise<unknown>): FirmStore {
  const after =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>, firmIdOf: (args: A, result: R) => string | null) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      const firmId = firmIdOf(args, result);
      if (firmId) await announce(firmId);
      return result;
    };
  return {
    ...firms,
    create: after(firms.create, (_args, firm) => firm.id),
    rename: after(firms.rename, ([firmId]) => firmId),
    setOwner: after(firms.setOwner, ([firmId]) => firmId),
    delete: after(firms.delete, ([firmId]) => firmId),
    claimSeat: after(firms.claimSeat, ([member], claim) => (claim === 'joined' ? member.firmId : null)),
    removeMember: after(firms.removeMember, ([firmId], removed) => (removed ? firmId : null)),
    setRole: after(firms.setRole, ([firmId], changed) => (changed ? firmId : null)),
  };
}
