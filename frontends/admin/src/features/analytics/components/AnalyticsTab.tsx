import { memo } from 'react';
import { formatIndianDate, formatIndianNumber, formatMonth, formatRupees, planLabel } from '@portal/contracts';
import { Spinner } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { RenderAfter } from '../../../components/RenderAfter';
import { day } from '../../../lib/format';
import { useAnalytics } from '../api';
import { DailyChart } from './DailyChart';
import { MetricCard } from './MetricCard';

/**
 * The cards first, as the screen's first paint; the lists and charts below them follow (RenderAfter).
 * Memoised: the dashboard renders again when the feedback count arrives, the charts need not.
 */
export const AnalyticsTab = memo(function AnalyticsTab() {
  const { data: analytics, isPending, isError } = useAnalytics();
  if (isError) return <p role="alert">Failed to load analytics data</p>;
  if (isPending) return <Spinner />;
  const signups = analytics.signupsPerDay.map((point) => point.count);
  const revenue = analytics.revenuePerDay.map((point) => point.amount);
  const churn = analytics.recurring.churn;
  const due = analytics.recurring.renewalsDue;
  const planned = analytics.planDistribution.reduce((sum, row) => sum + row.count, 0);
  return (
    <div>
      <div className="grid">
        <MetricCard
          title="Total Users"
          value={formatIndianNumber(analytics.overview.totalUsers)}
          trend={{ perDay: signups, describe: (total) => `+${formatIndianNumber(total)} sign-ups` }}
        />
        <MetricCard title="Active Subscriptions" value={formatIndianNumber(analytics.overview.activeSubscriptions)} />
        <MetricCard title="Paid Seats" value={formatIndianNumber(analytics.overview.paidSeats)} />
        <MetricCard title="Trial Users" value={formatIndianNumber(analytics.overview.trialUsers)} />
        <MetricCard
          title="Total Revenue"
          value={formatRupees(analytics.revenue.totalRevenue)}
          trend={{ perDay: revenue, describe: formatRupees }}
        />
        <MetricCard
          title="Monthly Recurring Revenue"
          value={formatRupees(analytics.recurring.mrr)}
          note="Paid plans running now; an annual plan counts at one twelfth"
        />
        <MetricCard
          title="Churn This Month"
          value={churn.ratePercent === null ? '—' : `${churn.ratePercent}%`}
          note={`${formatIndianNumber(churn.churned)} of ${formatIndianNumber(churn.atStart)} paid customers at the start of ${formatMonth(churn.month)} have lapsed`}
        />
        {due && (
          <MetricCard
            title={`Renewals Due by ${formatIndianDate(due.by)}`}
            value={formatIndianNumber(due.count)}
            note={`Tax-year terms ending then; a year of each renews for ${formatRupees(due.value)}`}
          />
        )}
      </div>
      <RenderAfter>
        <div className="grid stack-top">
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
            <ScrollArea label="Recent subscribers">
              <table>
                <HeaderRow columns={['Email', 'Plan', 'Start', 'Expiry']} />
                <tbody>
                  {analytics.recentSubscribers.slice(0, 5).map((row) => (
                    <tr key={row.email}>
                      <td>{row.email}</td>
                      <td>{planLabel(row.subscriptionPlan)}</td>
                      <td className="nowrap">{day(row.subscriptionStartDate)}</td>
                      <td className="nowrap">{day(row.subscriptionEndDate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          </section>
        </div>
        <div className="grid stack-top">
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
      </RenderAfter>
    </div>
  );
});
