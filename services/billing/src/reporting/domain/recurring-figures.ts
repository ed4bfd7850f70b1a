import { istDateOf, istDayStart, type BillingPeriod, type RecurringFigures, rupeesOf, asPaise, type Paise } from '@portal/contracts';
import { annualPricePaise } from '../../subscriptions';

/**
 * MRR as Stripe and ChartMogul count it: each paid subscription's price per month for each of its
 * seats, an annual plan or a tax-year term at one twelfth of its year (the plan's monthly price less the
 * annual discount). Exact paise are summed, and rounded once.
 */
export function monthlyRecurringPaise(counts: { billingPeriod: BillingPeriod; planPricePaise: Paise; seats: number }[]): Paise {
  const twelfths = counts.reduce((sum, { billingPeriod, planPricePaise: monthlyPaise, seats }) => {
    // a tax-year term's years cost the annual price
    const perYear = billingPeriod === 'monthly' ? monthlyPaise * 12 : annualPricePaise(monthlyPaise);
    return sum + perYear * seats;
  }, 0);
  return asPaise(Math.round(twelfths / 12));
}

/** The start of the IST calendar month holding `now`, and its `YYYY-MM`. */
export function istMonthOf(now: Date): { start: Date; month: string } {
  const month = istDateOf(now).slice(0, 7);
  return { start: istDayStart(`${month}-01`), month };
}

export function recurringFigures(mrrPaise: Paise, month: string, churn: { atStart: number; churned: number }): RecurringFigures {
  return {
    mrr: rupeesOf(mrrPaise),
    churn: {
      month,
      ...churn,
      ratePercent: churn.atStart ? Math.round((churn.churned / churn.atStart) * 1000) / 10 : null,
    },
  };
}
