import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEAT_LEASE_MESSAGES, type FirmSeatsView, type SeatLeaseView } from '@portal/contracts';
import { stubApi } from '../../ui/test/stub-api';
import { Firms } from '../src/features/firms/components/Firms';
import { withQueries } from '../src/queries';
import { renderPage } from './render';

const lease = (id: string, userId: string, deviceName: string, kind: 'lease' | 'borrow' = 'lease'): SeatLeaseView => ({
  id,
  firmId: 'f1',
  userId,
  email: `${userId}@example.in`,
  deviceId: id.repeat(64).slice(0, 64),
  deviceName,
  kind,
  since: '2026-12-01T04:30:00.000Z',
  renewedAt: '2026-12-01T04:40:00.000Z',
  expiresAt: kind === 'borrow' ? '2026-12-08T04:30:00.000Z' : '2026-12-01T04:55:00.000Z',
});

/** The firm's page as a member sees it, with the seats the server answers. */
function firmWithSeats(seats: FirmSeatsView) {
  return stubApi((call) => {
    if (call.url === '/api/firms') return { data: { firms: [{ id: 'f1', name: 'Iyer & Associates', role: 'member' }] } };
    if (call.url === '/api/firms/f1')
      return {
        data: {
          firm: {
            id: 'f1',
            name: 'Iyer & Associates',
            role: 'member',
            seats: { bought: 2, used: 2 },
            members: [],
            owner: { email: 'owner@example.in' },
            requireSecondFactor: false,
            createdAt: '',
          },
        },
      };
    if (call.url === '/api/licenses/seats') return { data: seats };
    if (call.url.startsWith('/api/licenses/seats/') && call.method === 'DELETE') return { data: { message: SEAT_LEASE_MESSAGES.freed } };
    return { status: 404, data: {} };
  });
}

const FirmsTab = withQueries(() => <Firms userId="u2" />);

describe('a firm’s floating seats on its page', () => {
  it('when a member opens the firm, then every seat is listed with its PC, and only their own borrowed seat can be given back', async () => {
    const calls = firmWithSeats({
      seating: 'floating',
      seats: 2,
      leases: [lease('a', 'u2', 'KIRAN-LAPTOP', 'borrow'), lease('b', 'u1', 'RECEPTION')],
    });
    renderPage(<FirmsTab />, '/profile?tab=firms');
    const seats = await screen.findByRole('list', { name: 'Seats in use' });
    expect(screen.getByText(/2 of 2 shared seats held/)).toBeInTheDocument();
    expect(within(seats).getByText('KIRAN-LAPTOP').closest('li')).toHaveTextContent(/borrowed until 8 Dec 2026/);
    expect(within(seats).getByText('RECEPTION').closest('li')).toHaveTextContent(/last heartbeat 1 Dec 2026/);
    // a member frees no one else's seat
    expect(screen.queryByRole('button', { name: 'Free the seat of RECEPTION' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Give back the seat of KIRAN-LAPTOP' }));
    expect(await screen.findByText(SEAT_LEASE_MESSAGES.freed)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ url: '/api/licenses/seats/a', params: { firmId: 'f1' } }),
    );
  });

  it('when the firm’s seats are named, then no seat list is shown', async () => {
    const calls = firmWithSeats({ seating: 'named', seats: 2, leases: [] });
    renderPage(<FirmsTab />, '/profile?tab=firms');
    await screen.findByRole('heading', { name: 'Iyer & Associates' });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/licenses/seats')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Seats in use' })).not.toBeInTheDocument();
  });
});
