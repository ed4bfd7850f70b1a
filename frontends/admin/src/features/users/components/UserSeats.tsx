import { formatIndianDateTime } from '@portal/contracts';
import { Button } from '@portal/ui';
import { useFreeUserSeat, useUserSeats } from '../api';
import { adminMayNow } from '../../../admin-session';

/** The user-details dialog's floating seats: held by their PCs or on the firms they own; support frees a stuck one. */
export function UserSeats({ userId }: { userId: string }) {
  const seats = useUserSeats(userId);
  const free = useFreeUserSeat(userId);
  // most customers have no floating seats: the section shows only when some are held
  if (!seats.data?.length) return null;
  return (
    <section aria-label="Seats in use">
      <h3>Seats in use</h3>
      <ul className="stack-bottom">
        {seats.data.map((lease) => (
          <li key={lease.id} className="row row-between">
            <span>
              {lease.deviceName} · {lease.email} · since {formatIndianDateTime(lease.since)} ·{' '}
              {lease.kind === 'borrow' ? 'borrowed' : 'held'} until {formatIndianDateTime(lease.expiresAt)}
            </span>
            {adminMayNow('manage-users') && (
              <Button
                variant="link"
                disabled={free.isPending}
                aria-label={`Free the seat of ${lease.deviceName}`}
                onClick={() => free.mutate(lease.id)}
              >
                Free seat
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
