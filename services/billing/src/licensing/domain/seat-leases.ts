import { AppError } from '@portal/platform/errors';
import { LEASE_SILENCE_MS, SEAT_LEASE_ERRORS, SEAT_LEASE_MESSAGES, type SeatLeaseView } from '@portal/contracts';
import { floatingFirm, type Entitlement, type LicensingDeps } from './entitlement';
import type { SeatLeaseRecord } from './ports';

/** A lease's expiry when renewed at `at`: freed at exactly this moment of silence, not a millisecond before. */
export const leaseExpiry = (at: Date) => new Date(at.getTime() + LEASE_SILENCE_MS);

export const toLeaseView = (lease: SeatLeaseRecord): SeatLeaseView => ({
  id: lease.id,
  firmId: lease.firmId,
  userId: lease.userId,
  email: lease.email,
  deviceId: lease.deviceId,
  deviceName: lease.deviceName,
  kind: lease.kind,
  since: lease.since.toISOString(),
  renewedAt: lease.renewedAt.toISOString(),
  expiresAt: lease.expiresAt.toISOString(),
});

/** Every seat held: 409 with who holds them and since when, so the app can tell its user whom to ask. */
export const seatsTaken = (seats: number, holders: SeatLeaseRecord[]) =>
  new AppError(409, SEAT_LEASE_ERRORS.seatsTaken, SEAT_LEASE_MESSAGES.seatsTaken(seats), undefined, undefined, {
    holders: holders.map(toLeaseView),
  });

export const leaseLost = () => new AppError(410, SEAT_LEASE_ERRORS.leaseLost, SEAT_LEASE_MESSAGES.leaseLost);

export const notFloating = () => new AppError(409, SEAT_LEASE_ERRORS.seatsNotFloating, SEAT_LEASE_MESSAGES.seatsNotFloating);

/**
 * What an activation or check-in on a firm's floating seats ends with: the seat this PC holds now
 * (none: its licence ends at once, and the app checks a seat out). Undefined off floating seats.
 */
export async function seatOf(
  deps: Pick<LicensingDeps, 'seatingOf' | 'leases'>,
  held: Entitlement,
  deviceId: string,
  at: Date,
): Promise<{ lease: SeatLeaseRecord | null } | undefined> {
  const firmId = await floatingFirm(deps, held);
  return firmId ? { lease: await deps.leases.ofDevice(firmId, deviceId, at) } : undefined;
}
