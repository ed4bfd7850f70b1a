import { useEffect, useState } from 'react';
import type { Analytics } from '@portal/contracts';
import { api, Spinner } from '@portal/ui';
import { DailyChart } from './DailyChart';
import { day, rupees } from './format';

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
      <div className="grid" style={{ marginTop: '1rem' }}>
        <DailyChart
          title="Sign-ups per day"
          points={analytics.signupsPerDay.map((point) => ({ date: point.date, value: point.count }))}
          format={String}
        />
        <DailyChart
          title="Revenue per day"
          points={analytics.revenuePerDay.map((point) => ({ date: point.date, value: point.amount }))}
          format={rupees}
        />
      </div>
    </div>
  );
}
