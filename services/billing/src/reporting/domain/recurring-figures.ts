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

/** The tax-year terms due for renewal by `by`: their count, and a year of each at the annual price for its seats. */
export function renewalsDue(
  by: Date,
  terms: { planPricePaise: Paise; seats: number; count: number }[],
): NonNullable<RecurringFigures['renewalsDue']> {
  const valuePaise = terms.reduce((sum, { planPricePaise, seats, count }) => sum + annualPricePaise(planPricePaise) * seats * count, 0);
  return { by: by.toISOString(), count: terms.reduce((sum, term) => sum + term.count, 0), value: rupeesOf(asPaise(valuePaise)) };
}

export function recurringFigures(
  mrrPaise: Paise,
  month: string,
  churn: { atStart: number; churned: number },
  due: RecurringFigures['renewalsDue'],
): RecurringFigures {
  return {
    ...(due && { renewalsDue: due }),
    mrr: rupeesOf(mrrPaise),
    churn: {
      month,
      ...churn,
      ratePercent: churn.atStart ? Math.round((churn.churned / churn.atStart) * 1000) / 10 : null,
    },
  };
}
