import { istDayStart, lastIndianDays, perIndianDay, rupeesOf, asPaise, taxYearEnds, taxYearOf } from '@portal/contracts';
import type { ReportingDeps } from './reporting.use-cases';
import { istMonthOf, monthlyRecurringPaise, recurringFigures, renewalsDue } from './recurring-figures';

/** The admin dashboard's figures: counts, revenue per Indian day and in all, plans, and the recurring revenue of the month. */
export async function analyticsOf(
  { subscriptions, orders, now = () => new Date() }: Pick<ReportingDeps, 'subscriptions' | 'orders' | 'now'>,
  days: number,
) {
  const at = now();
  const month = istMonthOf(at);
  const yearEnd = taxYearEnds(taxYearOf(at));
  const [counts, planDistribution, recent, revenuePaise, payments, paid, churn, ending] = await Promise.all([
    subscriptions.countsByStatus(at),
    subscriptions.planDistribution(at),
    subscriptions.recentSubscribers(5),
    orders.totalRevenuePaise(),
    orders.completedSince(istDayStart(lastIndianDays(days, at).startDate)),
    subscriptions.paidCounts(at),
    subscriptions.churnCounts(month.start, at),
    subscriptions.taxYearTermsEndingAt(yearEnd),
  ]);
  const revenuePerDay = perIndianDay(
    days,
    at,
    // summed in paise, so a day's total is exact
    payments.map((payment) => ({ at: payment.at, value: payment.amountPaise })),
  ).map(({ date, value }) => ({ date, amount: rupeesOf(asPaise(value)) }));
  return {
    activeSubscriptions: counts.active,
    // a firm's plan is one customer with its seats
    paidSeats: paid.reduce((sum, row) => sum + row.seats, 0),
    trialUsers: counts.trial,
    totalRevenue: rupeesOf(revenuePaise),
    planDistribution,
    recentSubscribers: recent.map((record) => ({
      userId: record.accountId,
      email: record.email,
      subscriptionPlan: record.plan,
      subscriptionStartDate: record.subscriptionStartDate?.toISOString() ?? null,
      subscriptionEndDate: record.subscriptionEndDate?.toISOString() ?? null,
    })),
    revenuePerDay,
    recurring: recurringFigures(monthlyRecurringPaise(paid), month.month, churn, renewalsDue(yearEnd, ending)),
  };
}
