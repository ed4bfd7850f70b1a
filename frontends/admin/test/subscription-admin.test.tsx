import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMandateRow, TimelineEvent } from '@portal/contracts';
import { MandatesTab } from '../src/features/mandates/components/MandatesTab';
import { UserTimeline } from '../src/features/users/components/UserTimeline';
import { stubApi } from '../../ui/test/stub-api';
import { renderWithQueries } from './render-with-queries';

const USER = '65a000000000000000000009';

const events: TimelineEvent[] = [
  {
    at: '2028-01-22T06:30:00.000Z',
    kind: 'cancellation',
    summary: 'Cancelled by the customer; access until 20 Feb 2028. Reason: Closing the practice',
    state: 'scheduled',
    amount: null,
    reference: null,
    documents: [],
  },
  {
    at: '2028-01-21T06:30:00.000Z',
    kind: 'refund',
    summary: 'Of TPP-UP by admin@portal.test: Goodwill',
    state: 'completed',
    amount: 100,
    reference: 'TPP-UP-R1',
    documents: [{ kind: 'credit-note', number: 'TPCN/2728/000001', url: '/api/admin/refunds/TPP-UP-R1/credit-note' }],
  },
  {
    // 00:30 in India on the 10th: the 9th in UTC
    at: '2028-01-09T19:00:00.000Z',
    kind: 'payment',
    summary: 'Basic (monthly), with an Autopay mandate',
    state: 'completed',
    amount: 500,
    reference: 'TPP-BASIC',
    documents: [{ kind: 'invoice', number: 'TP/2728/000007', url: '/api/admin/invoices/TPP-BASIC' }],
  },
];

const mandate = (reference: string, over: Partial<AdminMandateRow> = {}): AdminMandateRow => ({
  mandateReference: reference,
  userId: USER,
  userEmail: 'meera@example.in',
  plan: 'professional',
  billingPeriod: 'monthly',
  amount: 1000,
  state: 'active',
  endedReason: null,
  setUpAt: '2028-01-10T06:30:00.000Z',
  updatedAt: '2028-01-10T06:30:00.000Z',
  lastDebit: null,
  ...over,
});

describe('the admin’s view of subscriptions', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when a user’s details open, then the billing timeline lists each event with its state, amount and documents, which download', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:pdf');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubApi((call) =>
      call.url === `/api/admin/users/${USER}/billing-timeline` ? { data: { events } } : { data: new Blob(['%PDF']) },
    );
    renderWithQueries(<UserTimeline userId={USER} />);
    const timeline = within(await screen.findByRole('region', { name: 'Billing timeline' }));
    const rows = (await timeline.findAllByRole('row')).slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      '22 Jan 2028CancellationCancelled by the customer; access until 20 Feb 2028. Reason: Closing the practicescheduled',
      '21 Jan 2028RefundOf TPP-UP by admin@portal.test: Goodwill · TPP-UP-R1completed₹100TPCN/2728/000001',
      '10 Jan 2028PaymentBasic (monthly), with an Autopay mandate · TPP-BASICcompleted₹500TP/2728/000007',
    ]);
    fireEvent.click(timeline.getByRole('button', { name: 'Download invoice TP/2728/000007' }));
    fireEvent.click(timeline.getByRole('button', { name: 'Download credit note TPCN/2728/000001' }));
    await waitFor(() => expect(saved).toEqual(['invoice-TP-2728-000007.pdf', 'credit-note-TPCN-2728-000001.pdf']));
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/admin/invoices/TPP-BASIC', '/api/admin/refunds/TPP-UP-R1/credit-note']),
    );
  });

  it('when the timeline is empty or cannot load, then it says so', async () => {
    stubApi(() => ({ data: { events: [] } }));
    const { unmount } = renderWithQueries(<UserTimeline userId="65a0000000000000000000aa" />);
    expect(await screen.findByText('Nothing billed yet.')).toBeInTheDocument();
    unmount();
    stubApi(() => ({ status: 500, data: { message: 'down' } }));
    renderWithQueries(<UserTimeline userId="65a0000000000000000000ab" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The billing timeline could not be loaded.');
  });

  it('when the mandates tab opens, then each mandate shows its state and last debit; choosing a state asks for that state from page 1', async () => {
    const calls = stubApi((call) => {
      const state = call.params?.state;
      const rows = state
        ? [mandate('TPM-CANCELLED', { state: 'cancelled', endedReason: 'customer' })]
        : [mandate('TPM-ACTIVE', { lastDebit: { at: '2028-02-10T07:31:00.000Z', amount: 1000, status: 'completed' } })];
      return { data: { mandates: rows, total: rows.length, page: 1, limit: 50 } };
    });
    renderWithQueries(<MandatesTab />);
    const row = (await screen.findByText('TPM-ACTIVE')).closest('tr')!;
    expect(row.textContent).toBe('TPM-ACTIVEmeera@example.inProfessional (monthly)₹1,000active10 Jan 202810 Feb 2028 · ₹1,000 · completed');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'cancelled' } });
    expect((await screen.findByText('TPM-CANCELLED')).closest('tr')!.textContent).toContain('cancelledended: customer');
    expect(calls.at(-1)?.params).toEqual({ page: 1, state: 'cancelled' });
  });
});
