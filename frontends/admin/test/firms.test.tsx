import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminFirmRow } from '@portal/contracts';
import { FirmsTab } from '../src/features/firms/components/FirmsTab';
import { stubApi } from '../../ui/test/stub-api';
import { renderWithQueries } from './render-with-queries';

const firm = (over: Partial<AdminFirmRow> = {}): AdminFirmRow => ({
  id: 'f'.repeat(24),
  name: 'Iyer & Associates',
  createdAt: '2026-11-19T20:00:00.000Z',
  owner: { userId: 'o1', name: 'Asha Iyer', email: 'asha@example.in' },
  members: [
    { userId: 'o1', name: 'Asha Iyer', email: 'asha@example.in', role: 'owner' },
    { userId: 'm1', name: '', email: 'ravi@example.in', role: 'member' },
  ],
  seats: { used: 2, bought: 3 },
  plan: 'professional',
  status: 'active',
  endsAt: '2027-11-19T20:00:00.000Z',
  ...over,
});

describe('the admin’s Firms tab', () => {
  it('when firms are listed, then each row shows its owner, seats used of bought, plan, status and people; the pager moves on', async () => {
    const calls = stubApi((call) => ({
      data: {
        firms:
          call.params?.page === 2
            ? [firm({ id: 'e'.repeat(24), name: 'Solo Desk', plan: 'none', status: 'none', endsAt: null })]
            : [firm()],
        total: 51,
        page: call.params?.page,
        limit: 50,
      },
    }));
    renderWithQueries(<FirmsTab />);
    const row = (await screen.findByText('Iyer & Associates')).closest('tr')!;
    // in India's calendar: 20 Nov 2026 at 01:30
    expect(row).toHaveTextContent('since 20 Nov 2026');
    expect(within(row).getByText('2 of 3 in use')).toBeInTheDocument();
    expect(row).toHaveTextContent('Professional');
    expect(row).toHaveTextContent('until 20 Nov 2027');
    expect(row).toHaveTextContent('Asha Iyer (owner)');
    expect(row).toHaveTextContent('ravi@example.in (member)');
    expect(screen.getByRole('navigation', { name: 'Pages of firms' })).toHaveTextContent('1–50 of 51');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Solo Desk')).toBeInTheDocument();
    expect(calls.map((call) => call.params)).toEqual([
      { page: 1, limit: 50 },
      { page: 2, limit: 50 },
    ]);
  });

  it('when there are none, or the call fails, then it says so', async () => {
    stubApi(() => ({ data: { firms: [], total: 0, page: 1, limit: 50 } }));
    const { unmount } = renderWithQueries(<FirmsTab />);
    expect(await screen.findByText('No firms yet.')).toBeInTheDocument();
    unmount();
    stubApi(() => ({ status: 502, data: {} }));
    renderWithQueries(<FirmsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the firms');
  });
});
