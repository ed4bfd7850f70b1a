import { useEffect, useState } from 'react';
import { formatRupees, type Analytics } from '@portal/contracts';
import { api, Spinner } from '@portal/ui';
import { DailyChart } from './DailyChart';
import { day } from './format';

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
  const count = (value: number) => value.toLocaleString('en-IN');
  const cards = [
    ['Total Users', count(analytics.overview.totalUsers)],
    ['Active Subscriptions', count(analytics.overview.activeSubscriptions)],
    ['Trial Users', count(analytics.overview.trialUsers)],
    ['Total Revenue', formatRupees(analytics.revenue.totalRevenue)],
  ] as const;
  const planned = analytics.planDistribution.reduce((sum, row) => sum + row.count, 0);
  return (
    <div>
      <div className="grid">
        {/* Numbers first: the figure is the largest thing on the card, its label small above it. */}
        {cards.map(([title, value]) => (
          <section key={title} className="card metric" aria-label={title}>
            <h2 className="metric-label">{title}</h2>
            <p className="metric-value">{value}</p>
          </section>
        ))}
      </div>
      <div className="grid" style={{ marginTop: '1rem' }}>
        <section className="card">
          <h2>Plan Distribution</h2>
          <ul className="distribution">
            {analytics.planDistribution.map((row) => {
              const share = planned ? Math.round((row.count / planned) * 100) : 0;
              return (
                <li key={row._id}>
                  <span>
                    {row._id}: {row.count}
                  </span>
                  <span className="muted">{share}%</span>
                  <span className="distribution-bar" aria-hidden="true">
                    <span style={{ width: `${share}%` }} />
                  </span>
                </li>
              );
            })}
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
      <div className="grid" style={{ marginTop: '1rem' }}>
        <DailyChart
          title="Sign-ups per day"
          points={analytics.signupsPerDay.map((point) => ({ date: point.date, value: point.count }))}
          format={String}
        />
        <DailyChart
          title="Revenue per day"
          points={analytics.revenuePerDay.map((point) => ({ date: point.date, value: point.amount }))}
          format={formatRupees}
        />
      </div>
    </div>
  );
}
