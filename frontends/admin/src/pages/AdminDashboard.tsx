import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AdminUserRow, Analytics, TransactionRow } from '@portal/contracts';
import { api, Button, session, Spinner, Tabs } from '@portal/ui';
import { FeedbackTab, useFeedback } from './FeedbackTab';
import { HeaderRow } from './HeaderRow';

type Tab = 'dashboard' | 'users' | 'transactions' | 'feedback';
const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Saves an export as {kind}_{date}.csv; a failure is only logged (spec §8). */
async function exportCsv(kind: 'users' | 'transactions' | 'feedback', params: Record<string, string> = {}) {
  try {
    const { data } = await api.get<Blob>(`/api/admin/export/${kind}`, { params, responseType: 'blob' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(data);
    link.download = `${kind}_${today()}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  } catch (error) {
    console.warn(`export of ${kind} failed`, error);
  }
}

export function AnalyticsTab() {
  const [analytics, setAnalytics] = useState<Analytics | null | undefined>(undefined);
  useEffect(() => {
    api
      .get<Analytics>('/api/admin/analytics')
      .then(({ data }) => setAnalytics(data))
      .catch(() => setAnalytics(null));
  }, []);
  if (analytics === undefined) return <Spinner />;
  if (analytics === null) return <p role="alert">Failed to load analytics data</p>;
  const cards = [
    ['Total Users', analytics.overview.totalUsers],
    ['Active Subscriptions', analytics.overview.activeSubscriptions],
    ['Trial Users', analytics.overview.trialUsers],
    ['Total Revenue', rupees(analytics.revenue.totalRevenue)],
  ] as const;
  return (
    <div>
      <div className="grid">
        {cards.map(([title, value]) => (
          <section key={title} className="card" aria-label={title}>
            <h2>{title}</h2>
            <p className="price">{value}</p>
          </section>
        ))}
      </div>
      <div className="grid" style={{ marginTop: '1rem' }}>
        <section className="card">
          <h2>Plan Distribution</h2>
          <ul>
            {analytics.planDistribution.map((row) => (
              <li key={row._id}>
                {row._id}: {row.count}
              </li>
            ))}
          </ul>
        </section>
        <section className="card">
          <h2>Recent Subscribers</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Plan</th>
                <th scope="col">Start</th>
                <th scope="col">Expiry</th>
              </tr>
            </thead>
            <tbody>
              {analytics.recentSubscribers.slice(0, 5).map((row) => (
                <tr key={row.email}>
                  <td>{row.email}</td>
                  <td>{row.subscriptionPlan}</td>
                  <td>{day(row.subscriptionStartDate)}</td>
                  <td>{day(row.subscriptionEndDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}

/** 'N days', 'No subscription' or 'Expired' (spec §2). */
export function daysLabel(user: Pick<AdminUserRow, 'subscriptionStatus' | 'daysRemaining'>): string {
  if (user.subscriptionStatus === 'none') return 'No subscription';
  if (user.subscriptionStatus === 'expired') return 'Expired';
  return `${user.daysRemaining} days`;
}

export function UsersTab() {
  const [search, setSearch] = useState('');
  const [users, setUsers] = useState<AdminUserRow[] | null>(null);
  const load = useCallback(async (term: string) => {
    const { data } = await api.get<{ users: AdminUserRow[] }>('/api/admin/users', { params: term ? { search: term } : {} });
    setUsers(data.users);
  }, []);
  useEffect(() => {
    void load('').catch(() => setUsers([]));
  }, [load]);
  return (
    <div>
      <form
        className="row"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void load(search);
        }}
      >
        <input
          type="search"
          aria-label="Search users"
          placeholder="Search users by email, name, mobile, or city..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ flex: 1, minHeight: 44, padding: '0 .7rem' }}
        />
        <Button type="submit">Search</Button>
      </form>
      {users === null ? (
        <Spinner />
      ) : users.length === 0 ? (
        <p>No users found. Try searching with different criteria.</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table className="table">
            <HeaderRow columns={['User', 'Contact', 'Plan', 'Status', 'Profile', 'Days Remaining']} />
            <tbody>
              {users.map((user) => (
                <tr key={user._id}>
                  <td>
                    {user.email}
                    <br />
                    <span className="muted">{user.displayName}</span> {user.isGoogleUser && <span className="badge">Google</span>}
                  </td>
                  <td>
                    {user.personalInfo.mobileNumber ?? 'No mobile'}
                    <br />
                    <span className="muted">
                      {user.personalInfo.address ? `${user.personalInfo.address.city}, ${user.personalInfo.address.state}` : 'No address'}
                    </span>
                  </td>
                  <td>{user.subscriptionPlan}</td>
                  <td>{user.subscriptionStatus}</td>
                  <td>{user.profileCompletionPercentage}%</td>
                  <td>{daysLabel(user)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function TransactionsTab({
  range,
  onRange,
}: {
  range: { startDate: string; endDate: string };
  onRange: (range: { startDate: string; endDate: string }) => void;
}) {
  const [transactionId, setTransactionId] = useState('');
  const [rows, setRows] = useState<TransactionRow[] | null>(null);
  const load = useCallback(async () => {
    const { data } = await api.get<{ transactions: TransactionRow[] }>('/api/admin/transactions', {
      params: { ...range, ...(transactionId ? { transactionId } : {}) },
    });
    setRows(data.transactions);
  }, [range, transactionId]);
  // Loaded once with the default range; after that the filters apply on "Apply Filters".
  const [initial] = useState(() => load);
  useEffect(() => {
    void initial().catch(() => setRows([]));
  }, [initial]);
  return (
    <div>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <label>
          Start Date <input type="date" value={range.startDate} onChange={(e) => onRange({ ...range, startDate: e.target.value })} />
        </label>
        <label>
          End Date <input type="date" value={range.endDate} onChange={(e) => onRange({ ...range, endDate: e.target.value })} />
        </label>
        <label>
          Transaction ID <input value={transactionId} onChange={(e) => setTransactionId(e.target.value)} />
        </label>
        <Button type="submit">Apply Filters</Button>
      </form>
      {rows === null ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p>No transactions found. Try adjusting your filters.</p>
      ) : (
        <table className="table">
          <HeaderRow columns={['Transaction ID', 'User', 'Amount', 'Status', 'Plan', 'Date']} />
          <tbody>
            {rows.map((row) => (
              <tr key={row._id}>
                <td>
                  {row.transactionId}
                  {row.phonePeTransactionId && <div className="muted">PhonePe: {row.phonePeTransactionId}</div>}
                  {row.phonepeOrderId && <div className="muted">Order: {row.phonepeOrderId}</div>}
                </td>
                <td>{row.userEmail}</td>
                <td>{rupees(row.amount)}</td>
                <td>{row.status}</td>
                <td>{row.subscriptionPlan}</td>
                <td>{day(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default function AdminDashboard() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('dashboard');
  // The transactions export uses the same range as the tab's filters: the last 30 days by default.
  const [range, setRange] = useState({ startDate: daysAgo(30), endDate: today() });
  // Fetched here, not in the tab, so the tab's badge shows the open count from the start.
  const feedback = useFeedback();
  return (
    <main className="content" style={{ maxWidth: 'none' }}>
      <header className="row" style={{ justifyContent: 'space-between' }}>
        <div>
          <h1>Admin Dashboard</h1>
          <p className="muted">Manage users, subscriptions, and analytics</p>
        </div>
        <div className="row">
          <Button variant="secondary" onClick={() => void exportCsv('users')}>
            Export Users
          </Button>
          <Button variant="secondary" onClick={() => void exportCsv('transactions', range)}>
            Export Transactions
          </Button>
          <Button variant="secondary" onClick={() => void exportCsv('feedback')}>
            Export Feedback
          </Button>
          <Button
            onClick={async () => {
              await api.post('/api/admin/logout').catch(() => undefined);
              session.clearAdmin();
              window.dispatchEvent(new Event('admin-session'));
              navigate('/admin/login');
            }}
          >
            Logout
          </Button>
        </div>
      </header>
      <Tabs
        label="Admin sections"
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'dashboard', label: 'Dashboard' },
          { id: 'users', label: 'User Management' },
          { id: 'transactions', label: 'Transactions' },
          {
            id: 'feedback',
            label: (
              <>
                App Feedback{' '}
                {feedback.counts.open > 0 && (
                  <span className="badge badge-red" aria-label={`${feedback.counts.open} open`}>
                    {feedback.counts.open}
                  </span>
                )}
              </>
            ),
          },
        ]}
      />
      {tab === 'dashboard' && <AnalyticsTab />}
      {tab === 'users' && <UsersTab />}
      {tab === 'transactions' && <TransactionsTab range={range} onRange={setRange} />}
      {tab === 'feedback' && <FeedbackTab feedback={feedback} />}
    </main>
  );
}
