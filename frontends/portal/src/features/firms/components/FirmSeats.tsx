import { canManageFirm, formatIndianDateTime, type FirmRole } from '@portal/contracts';
import { Button } from '@portal/ui';
import { useFirmSeats, useFreeSeat } from '../api';

/**
 * A firm's floating seats, shown only when its plan's seats float: which PC holds each, since when
 * and until when; the owner and admins free a stuck one, a member gives back their own.
 */
export function FirmSeats({
  firmId,
  userId,
  role,
  run,
}: {
  firmId: string;
  userId: string;
  role: FirmRole;
  run: (action: () => Promise<string>, failure: string) => Promise<boolean>;
}) {
  const seats = useFirmSeats(firmId);
  const free = useFreeSeat(firmId);
  if (!seats.data || seats.data.seating !== 'floating') return null;
  const { leases } = seats.data;
  return (
    <>
      <h4>Seats in use</h4>
      <p className="muted">
        {leases.length} of {seats.data.seats} shared seats held. A PC silent for 15 minutes frees its seat by itself.
      </p>
      {leases.length > 0 && (
        <ul className="stack-bottom" aria-label="Seats in use">
          {leases.map((lease) => (
            <li key={lease.id} className="row row-between">
              <span>
                <strong>{lease.deviceName}</strong> · {lease.email}
                <br />
                <span className="muted">
                  Since {formatIndianDateTime(lease.since)} ·{' '}
                  {lease.kind === 'borrow'
                    ? `borrowed until ${formatIndianDateTime(lease.expiresAt)}`
                    : `last heartbeat ${formatIndianDateTime(lease.renewedAt)}`}
                </span>
              </span>
              {(canManageFirm(role) || lease.userId === userId) && (
                <Button
                  variant="secondary"
                  disabled={free.isPending}
                  aria-label={`${lease.userId === userId ? 'Give back' : 'Free'} the seat of ${lease.deviceName}`}
                  onClick={() => void run(() => free.mutateAsync(lease.id), 'The seat could not be freed')}
                >
                  {lease.userId === userId ? 'Give back' : 'Free seat'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
