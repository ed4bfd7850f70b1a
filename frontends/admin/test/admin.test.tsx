import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { END_BEFORE_START, formatRupees, istDateOf, type Analytics, type FeedbackItem, type TransactionRow } from '@portal/contracts';
import { STORAGE_KEYS } from '@portal/ui';
import AdminApp from '../src/AdminApp';
import { AuditTab } from '../src/features/audit/components/AuditTab';
import { ExportMenu } from '../src/features/exports/components/ExportMenu';
import { preview } from '../src/features/feedback/components/FeedbackTab';
import { MetricCard } from '../src/features/analytics/components/MetricCard';
import { TransactionsTab } from '../src/features/transactions/components/TransactionsTab';
import { stubApi, type StubCall } from '../../ui/test/stub-api';
import { renderWithQueries } from './render-with-queries';

const analytics: Analytics = {
  overview: { totalUsers: 1520, activeSubscriptions: 310, paidSeats: 342, trialUsers: 95 },
  revenue: { totalRevenue: 425000 },
  recurring: {
    mrr: 180400.5,
    churn: { month: '2026-11', atStart: 300, churned: 9, ratePercent: 3 },
    renewalsDue: { by: '2027-03-31T18:29:59.999Z', count: 42, value: 403200 },
  },
  planDistribution: [
    { _id: 'trial', count: 95 },
    { _id: 'basic', count: 0 },
    { _id: 'professional', count: 200 },
    { _id: 'business', count: 110 },
  ],
  recentSubscribers: Array.from({ length: 6 }, (_, i) => ({
    email: `s${i}@example.in`,
    subscriptionPlan: 'basic',
    subscriptionStartDate: '2026-11-0' + (i + 1) + 'T00:00:00.000Z',
    subscriptionEndDate: '2026-12-0' + (i + 1) + 'T00:00:00.000Z',
  })),
  signupsPerDay: [
    { date: '2026-11-20', count: 4 },
    { date: '2026-11-21', count: 0 },
    { date: '2026-11-22', count: 6 },
  ],
  revenuePerDay: [
    { date: '2026-11-20', amount: 1000 },
    { date: '2026-11-21', amount: 0 },
    { date: '2026-11-22', amount: 2000 },
  ],
};

const feedbackItem = (id: number, status: FeedbackItem['status'], message = 'The turnover certificate total is off'): FeedbackItem => ({
  _id: `f${id}`,
  userId: 'u1',
  userEmail: 'meera@example.in',
  type: 'bug',
  component: 'turnover',
  message,
  appVersion: '2.1.0',
  os: 'Windows 11',
  status,
  // 00:30 in India, the day before in UTC
  timestamp: '2026-11-19T19:00:00.000Z',
  adminNotes: '',
  resolvedAt: status === 'resolved' ? '2026-11-20T19:00:00.000Z' : null,
  resolvedBy: status === 'resolved' ? 'admin@portal.test' : null,
});

function signedInAdmin() {
  localStorage.setItem(STORAGE_KEYS.adminToken, 't');
  localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: 'admin@portal.test', role: 'owner' }));
}

const renderAdmin = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </MemoryRouter>,
  );

/** The dashboard's calls answered from fixed data; feedback from a list the test can change. */
function stubDashboard(over: { analytics?: { status: number; data?: unknown }; feedback?: () => FeedbackItem[] } = {}) {
  return stubApi((call: StubCall) => {
    if (call.url === '/api/admin/analytics') return over.analytics ?? { data: analytics };
    if (call.url === '/api/admin/feedback') return { data: { feedback: over.feedback?.() ?? [] } };
    if (call.url === '/api/admin/users') return { data: { users: [], total: 0 } };
    return { status: 404, data: { error: 'not_found', message: 'Not found' } };
  });
}

describe('admin area', () => {
  beforeEach(() => localStorage.clear());

  it('when no admin is signed in, then the dashboard sends to the sign-in page', async () => {
    stubDashboard();
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in to Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the main site' })).toHaveAttribute('href', '/');
  });

  it('when a signed-in admin opens the sign-in page, then the dashboard opens instead; the sign-up mode stays reachable (D12)', async () => {
    signedInAdmin();
    stubDashboard();
    const { unmount } = renderAdmin('/admin/login');
    expect(await screen.findByRole('heading', { name: /Admin Dashboard/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in to Admin Dashboard' })).not.toBeInTheDocument();
    unmount();
    renderAdmin('/admin/login?mode=signup');
    expect(await screen.findByRole('button', { name: 'Create Admin Account' })).toBeInTheDocument();
  });

  it('while the admin session is checked, then "Checking admin authentication..." is on screen, not only read out', () => {
    signedInAdmin();
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/admin/dashboard']}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(html).toContain('<span class="spinner-label">Checking admin authentication...</span>');
  });

  it('when a section is chosen, then the address names it, and opening that address opens the section', async () => {
    signedInAdmin();
    stubDashboard();
    const Address = () => <output aria-label="address">{useLocation().search}</output>;
    const { unmount } = render(
      <MemoryRouter initialEntries={['/admin/dashboard']}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
        <Address />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'User Management' }));
    // the section's code loads first (a navigation waits for it, as React Router starts it as a transition)
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('?tab=users'));
    unmount();
    renderAdmin('/admin/dashboard?tab=users');
    expect(await screen.findByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/No users found/)).toBeInTheDocument();
  });

  it('when analytics cannot load, then the dashboard says so', async () => {
    signedInAdmin();
    stubDashboard({ analytics: { status: 500 } });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage users, subscriptions, and analytics')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load analytics data')).toBeInTheDocument();
  });

  it('when analytics load, then MRR and the month’s churn show', async () => {
    signedInAdmin();
    stubDashboard();
    renderAdmin('/admin/dashboard');
    const mrr = within(await screen.findByRole('region', { name: 'Monthly Recurring Revenue' }));
    expect(mrr.getByText('₹1,80,400.50')).toBeInTheDocument();
    expect(mrr.getByText('Paid plans running now; an annual plan counts at one twelfth')).toBeInTheDocument();
    const churn = within(screen.getByRole('region', { name: 'Churn This Month' }));
    expect(churn.getByText('3%')).toBeInTheDocument();
    expect(churn.getByText('9 of 300 paid customers at the start of November 2026 have lapsed')).toBeInTheDocument();
    const due = within(screen.getByRole('region', { name: 'Renewals Due by 31 Mar 2027' }));
    expect(due.getByText('42')).toBeInTheDocument();
    expect(due.getByText('Tax-year terms ending then; a year of each renews for ₹4,03,200')).toBeInTheDocument();
  });

  it('when a month began with no paid customers, then its churn shows no rate', async () => {
    signedInAdmin();
    stubDashboard({
      analytics: {
        status: 200,
        data: { ...analytics, recurring: { mrr: 0, churn: { month: '2027-01', atStart: 0, churned: 0, ratePercent: null } } },
      },
    });
    renderAdmin('/admin/dashboard');
    const churn = within(await screen.findByRole('region', { name: 'Churn This Month' }));
    expect(churn.getByText('—')).toBeInTheDocument();
    expect(churn.getByText('0 of 0 paid customers at the start of January 2027 have lapsed')).toBeInTheDocument();
  });

  it('when analytics load, then the cards show, then the plan distribution, five recent subscribers and both daily charts', async () => {
    signedInAdmin();
    stubDashboard();
    renderAdmin('/admin/dashboard');
    expect(within(await screen.findByRole('region', { name: 'Total Revenue' })).getByText('₹4,25,000')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Total Users' })).getByText('1,520')).toBeInTheDocument();
    // a firm's plan is one subscription with its seats
    expect(within(screen.getByRole('region', { name: 'Paid Seats' })).getByText('342')).toBeInTheDocument();
    expect(await screen.findByText('basic: 0')).toBeInTheDocument(); // rendered after the cards
    expect(screen.getByText('s4@example.in')).toBeInTheDocument();
    expect(screen.queryByText('s5@example.in')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Sign-ups per day' })).getByRole('img')).toHaveAccessibleName(
      'Sign-ups per day: 10 in total',
    );
    const revenue = within(screen.getByRole('region', { name: 'Revenue per day' }));
    expect(revenue.getByText('₹3,000 in the last 3 days')).toBeInTheDocument();
    expect(revenue.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2026-11-20: ₹1,000', '2026-11-22: ₹2,000']);
  });

  it('when feedback is open, then the tab badge shows the count; the counters and Refresh follow the fetched list', async () => {
    signedInAdmin();
    let items = [
      feedbackItem(1, 'open'),
      feedbackItem(2, 'open'),
      feedbackItem(3, 'resolved'),
      feedbackItem(4, 'dismissed', 'z'.repeat(120)),
    ];
    stubDashboard({ feedback: () => items });
    renderAdmin('/admin/dashboard');
    const tab = await screen.findByRole('tab', { name: /App Feedback/ });
    await waitFor(() => expect(within(tab).getByLabelText('2 open')).toHaveTextContent('2'));
    fireEvent.click(tab);
    await screen.findByRole('region', { name: 'Total' });
    const counter = (name: string) => within(screen.getByRole('region', { name })).getByText(/\d+/).textContent;
    expect([counter('Total'), counter('Open Issues'), counter('Resolved'), counter('Dismissed')]).toEqual(['4', '2', '1', '1']);
    expect(screen.getByText(`${'z'.repeat(100)}…`)).toBeInTheDocument();
    expect(screen.getAllByText('20 Nov 2026')).toHaveLength(4); // each row's date, India's
    const resolvedRow = screen.getAllByRole('row').find((row) => within(row).queryByText('resolved'))!;
    fireEvent.click(within(resolvedRow).getByRole('button'));
    expect(await screen.findByText('Resolved on 21 Nov 2026 by admin@portal.test')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026, 12:30 am')).toBeInTheDocument(); // when it was sent, India's
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    items = [feedbackItem(3, 'resolved')];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(counter('Open Issues')).toBe('0'));
    expect(within(screen.getByRole('tab', { name: /App Feedback/ })).queryByLabelText(/open/)).toBeNull();
  });

  it('when there is no feedback, then the empty message shows', async () => {
    signedInAdmin();
    stubDashboard();
    renderAdmin('/admin/dashboard');
    fireEvent.click(await screen.findByRole('tab', { name: /App Feedback/ }));
    expect(await screen.findByText("No feedback found. Users haven't submitted any feedback yet.")).toBeInTheDocument();
  });
});

describe('audit log tab', () => {
  const entry = (i: number) => ({
    id: `a${i}`,
    actor: 'admin@portal.test',
    action: i % 2 ? 'user.deleted' : 'subscription.updated',
    target: { type: 'user', id: `u${i}`, label: `user${i}@example.in` },
    at: '2026-11-21T19:00:00.000Z', // 00:30 on the 22nd in India
    service: i % 2 ? 'admin-reporting' : 'billing',
  });

  it('when entries exist, then who did what to whom shows in IST, a page at a time', async () => {
    const calls = stubApi((call) => ({
      data: { entries: [entry(Number(call.params?.page))], total: 51, page: call.params?.page, limit: 50 },
    }));
    renderWithQueries(<AuditTab />);
    const row = (await screen.findByText('user1@example.in')).closest('tr') as HTMLElement;
    expect(within(row).getByText('user.deleted')).toBeInTheDocument();
    expect(within(row).getByText('admin@portal.test')).toBeInTheDocument();
    expect(within(row).getByText('22 Nov 2026, 12:30 am')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user2@example.in')).toBeInTheDocument();
    expect(calls.map((call) => call.params?.page)).toEqual([1, 2]);
  });

  it('when nothing is recorded, or the log cannot load, then it says so', async () => {
    stubApi(() => ({ data: { entries: [], total: 0 } }));
    const { unmount } = renderWithQueries(<AuditTab />);
    expect(await screen.findByText('No admin actions recorded yet.')).toBeInTheDocument();
    unmount();
    stubApi(() => ({ status: 500 }));
    renderWithQueries(<AuditTab />);
    expect(await screen.findByText('Failed to load the audit log')).toBeInTheDocument();
  });
});

describe('feedback preview', () => {
  it('when a message is longer than 100 characters, then it is cut there with an ellipsis', () => {
    expect(preview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(preview('y'.repeat(101))).toBe(`${'y'.repeat(100)}…`);
  });
});

describe('metric card trends', () => {
  const days = (count: number, value: number) => Array.from({ length: count }, () => value);

  it('when the series holds two 30-day periods, then the card says the last 30 days and how they compare with the 30 before', () => {
    render(
      <MetricCard title="Total Revenue" value="₹9,000" trend={{ perDay: [...days(30, 100), ...days(30, 150)], describe: formatRupees }} />,
    );
    const card = screen.getByRole('region', { name: 'Total Revenue' });
    expect(card).toHaveTextContent('₹4,500 in the last 30 days, ▲ up 50% on the previous 30');
    expect(within(card).getByText('up 50%', { exact: false })).toHaveClass('trend-up');
  });

  it('when the last period fell, had nothing before it, or the series is short, then the line says so or only gives the total', () => {
    const { rerender } = render(
      <MetricCard title="Total Users" value="9" trend={{ perDay: [...days(30, 2), ...days(30, 1)], describe: (n) => `+${n} sign-ups` }} />,
    );
    expect(screen.getByRole('region')).toHaveTextContent('+30 sign-ups in the last 30 days, ▼ down 50% on the previous 30');
    rerender(
      <MetricCard title="Total Users" value="9" trend={{ perDay: [...days(30, 0), ...days(30, 1)], describe: (n) => `+${n} sign-ups` }} />,
    );
    expect(screen.getByRole('region')).toHaveTextContent('+30 sign-ups in the last 30 days, none in the previous 30');
    rerender(<MetricCard title="Total Users" value="9" trend={{ perDay: days(3, 1), describe: (n) => `+${n} sign-ups` }} />);
    expect(screen.getByRole('region')).toHaveTextContent(/^Total Users9\+3 sign-ups in the last 30 days$/);
  });
});

describe('the export menu', () => {
  beforeEach(() => localStorage.clear());

  it('when the admin’s role may export nothing, then there is no export menu; finance sees the transactions export only', () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 't');
    localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: 'help@portal.test', role: 'support' }));
    const { unmount } = render(<ExportMenu transactionsRange={{ startDate: '2026-10-26', endDate: '2026-11-24' }} />);
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    unmount();
    localStorage.setItem(STORAGE_KEYS.adminToken, 't');
    localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify({ email: 'money@portal.test', role: 'finance' }));
    render(<ExportMenu transactionsRange={{ startDate: '2026-10-26', endDate: '2026-11-24' }} />);
    expect(screen.getByRole('button', { name: 'Export Transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export Feedback' })).not.toBeInTheDocument();
  });

  it('when the Export toggle is pressed, then it says it is open; Escape or a tap outside closes it', () => {
    signedInAdmin();
    render(
      <>
        <ExportMenu transactionsRange={{ startDate: '2026-10-26', endDate: '2026-11-24' }} />
        <p>outside</p>
      </>,
    );
    const toggle = screen.getByRole('button', { name: 'Export' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle.parentElement).toHaveClass('open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Export Users' })).toBeInTheDocument();
  });
});

describe('exports', () => {
  it('when an export runs, then its button reads Exporting... until the file is saved as {kind}_{date}.csv', async () => {
    signedInAdmin();
    let finish: (reply: { data: unknown }) => void = () => undefined;
    const calls = stubApi((call) => {
      if (call.url.startsWith('/api/admin/export/')) return new Promise((resolve) => (finish = resolve));
      return call.url === '/api/admin/analytics' ? { data: analytics } : { data: { feedback: [] } };
    });
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAdmin('/admin/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Export Transactions' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    finish({ data: new Blob(['a,b\r\n']) });
    await screen.findByRole('button', { name: 'Export Transactions' });
    expect(saved).toEqual([`transactions_${istDateOf(new Date())}.csv`]);
    const exportCall = calls.find((call) => call.url === '/api/admin/export/transactions');
    expect(Object.keys(exportCall?.params ?? {}).sort()).toEqual(['endDate', 'startDate']);
  });
});

describe('transactions tab', () => {
  afterEach(() => jest.restoreAllMocks());
  const row = (id: string): TransactionRow => ({
    _id: id,
    transactionId: id,
    phonePeTransactionId: null,
    phonepeOrderId: null,
    userEmail: 'meera@example.in',
    amount: 500,
    status: 'completed',
    subscriptionPlan: 'basic',
    billingPeriod: 'monthly',
    createdAt: '2026-11-20T20:00:00.000Z',
    invoiceNumber: 'TP/2627/000007',
    taxableValue: 423.73,
    tax: 76.27,
    refundedAmount: 0,
    refundStatus: 'none',
    firm: null,
    seats: 1,
    paymentMethod: 'phonepe',
    paidAmount: 500,
  });

  it('when the dashboard opens at 01:30 in India, then the default range is the last 30 Indian days, today included, and dates read in IST', async () => {
    signedInAdmin();
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-20T20:00:00Z')); // 21 November, 01:30 IST
    const calls = stubApi((call) => {
      if (call.url === '/api/admin/transactions') return { data: { transactions: [row('TPP-1')], total: 1, page: 1, limit: 50 } };
      return call.url === '/api/admin/analytics' ? { data: analytics } : { data: { feedback: [] } };
    });
    renderAdmin('/admin/dashboard');
    fireEvent.click(await screen.findByRole('tab', { name: 'Transactions' }));
    expect(await screen.findByText('TPP-1')).toBeInTheDocument();
    expect(screen.getByText('21 Nov 2026')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/admin/transactions')?.params).toEqual({
      startDate: '2026-10-23',
      endDate: '2026-11-21',
      page: 1,
    });
    expect(screen.getByLabelText('Start Date')).toHaveValue('2026-10-23');
  });

  it('when the list cannot load, then it says so with a retry that works, not "No transactions found"', async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 500, data: {} } : { data: { transactions: [row('TPP-2')], total: 1, page: 1, limit: 50 } }));
    renderWithQueries(<TransactionsTab range={{ startDate: '2026-11-01', endDate: '2026-11-21' }} onRange={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The transactions could not be loaded.');
    expect(screen.queryByText(/No transactions found/)).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('TPP-2')).toBeInTheDocument();
  });

  it('when the end date is before the start, then the end date says so and no list is asked for (D4)', async () => {
    const calls = stubApi(() => ({ data: { transactions: [row('TPP-3')], total: 1, page: 1, limit: 50 } }));
    renderWithQueries(<TransactionsTab range={{ startDate: '2026-11-21', endDate: '2026-11-01' }} onRange={() => undefined} />);
    await screen.findByText('TPP-3');
    const asked = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription(END_BEFORE_START);
    expect(calls).toHaveLength(asked);
    expect(screen.getByText('TPP-3')).toBeInTheDocument();
  });

  it('when there are more payments than a page, then the total shows and Next asks for the next page of the same filters', async () => {
    const calls = stubApi((call) => ({
      data: { transactions: [row(`TPP-P${String(call.params?.page)}`)], total: 75, page: call.params?.page, limit: 50 },
    }));
    renderWithQueries(<TransactionsTab range={{ startDate: '2026-11-01', endDate: '2026-11-21' }} onRange={() => undefined} />);
    await screen.findByText('TPP-P1');
    expect(screen.getByRole('navigation', { name: 'Pages of transactions' })).toHaveTextContent('1–50 of 75');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('TPP-P2');
    expect(screen.getByRole('navigation', { name: 'Pages of transactions' })).toHaveTextContent('51–75 of 75');
    expect(calls.map((call) => call.params)).toEqual([
      { startDate: '2026-11-01', endDate: '2026-11-21', page: 1 },
      { startDate: '2026-11-01', endDate: '2026-11-21', page: 2 },
    ]);
  });
  const tab = (rows: TransactionRow[]) => ({ data: { transactions: rows, total: rows.length, page: 1, limit: 50 } });

  it('when the admin refunds a payment in full, then the dialog warns that the plan ends, sends the amount and reason, and shows the answer', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/admin/transactions') return tab([row('TPP-R')]);
      if (call.url === '/api/admin/transactions/TPP-R/refunds' && call.method === 'GET') return { data: { refunds: [] } };
      if (call.url === '/api/admin/transactions/TPP-R/refunds') {
        return { status: 201, data: { message: 'Refund requested. It completes once PhonePe confirms it.', refund: {} } };
      }
      return { data: {} };
    });
    renderWithQueries(<TransactionsTab range={{ startDate: '2026-11-01', endDate: '2026-11-21' }} onRange={() => undefined} />);
    expect(await screen.findByRole('row', { name: /TPP-R/ })).toHaveTextContent('TP/2627/000007');
    fireEvent.click(screen.getByRole('button', { name: 'Refund TPP-R' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(dialog).toHaveTextContent('Paid ₹500, refunded ₹0, left ₹500.');
    expect(await within(dialog).findByText('No refunds yet.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount to refund (₹)')).toHaveValue(500);
    expect(dialog).toHaveTextContent('A full refund ends the plan this payment bought at once.');
    fireEvent.change(within(dialog).getByLabelText('Amount to refund (₹)'), { target: { value: '120.50' } });
    expect(dialog).not.toHaveTextContent('A full refund ends the plan');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Outage goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹120.50' }));
    expect(await within(dialog).findByText('Refund requested. It completes once PhonePe confirms it.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: 120.5, reason: 'Outage goodwill' });
  });

  it('when the payment’s period is partly used, then the dialog offers the unused days’ value as the amount', async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/admin/transactions') return tab([row('TPP-U')]);
      if (call.method === 'GET') return { data: { refunds: [], unused: { amount: 212.5, days: 17, ofDays: 40 } } };
      return { status: 201, data: { message: 'Refund requested. It completes once PhonePe confirms it.', refund: {} } };
    });
    renderWithQueries(<TransactionsTab range={{ startDate: '2026-11-01', endDate: '2026-11-21' }} onRange={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund TPP-U' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(await within(dialog).findByText(/Unused: ₹212\.50, 17 of the 40 paid days left\./)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund the unused days' }));
    expect(within(dialog).getByLabelText('Amount to refund (₹)')).toHaveValue(212.5);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Closed the practice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹212.50' }));
    await within(dialog).findByText('Refund requested. It completes once PhonePe confirms it.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: 212.5, reason: 'Closed the practice' });
  });

  it('when a refund is refused or one is already pending, then the dialog says so and offers no second refund', async () => {
    stubApi((call) => {
      if (call.url === '/api/admin/transactions') {
        return tab([row('TPP-X'), { ...row('TPP-Y'), refundStatus: 'refund_pending' }, { ...row('TPP-Z'), status: 'failed' }]);
      }
      if (call.method === 'GET') return { data: { refunds: [] } };
      return { status: 400, data: { message: 'The refund cannot be more than ₹500, what is left of this payment' } };
    });
    renderWithQueries(<TransactionsTab range={{ startDate: '2026-11-01', endDate: '2026-11-21' }} onRange={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund TPP-X' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Too much' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹500' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The refund cannot be more than ₹500, what is left of this payment');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund TPP-Y' }));
    const pending = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(within(pending).queryByLabelText('Amount to refund (₹)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund TPP-Z' })).not.toBeInTheDocument();
  });

  it('when the admin downloads a GST report, then the chosen month and section are asked for and saved under their names', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:gst');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubApi((call) => (call.url === '/api/admin/export/gst' ? { data: new Blob(['a\r\n']) } : tab([])));
    renderWithQueries(<TransactionsTab range={{ startDate: '2026-11-01', endDate: '2026-11-21' }} onRange={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'GST report' });
    fireEvent.change(within(form).getByLabelText('GST report month'), { target: { value: '2026-10' } });
    fireEvent.change(within(form).getByLabelText('Section'), { target: { value: 'cdnr' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Download GSTR-1 CSV' }));
    await waitFor(() => expect(saved).toEqual(['gstr1_cdnr_2026-10.csv']));
    expect(calls.find((call) => call.url === '/api/admin/export/gst')?.params).toEqual({ month: '2026-10', section: 'cdnr' });
  });
});
