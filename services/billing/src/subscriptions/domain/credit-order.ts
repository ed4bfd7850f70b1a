import { DAY_MS, TRIAL_DAYS, type BillingPeriod, type Paise } from '@portal/contracts';
import type { NewPeriod, PaidOrder, SubscriptionRecord } from './ports';
import { daysBetween } from './periods';
import { addMonths, effectiveStatus } from './subscription-status';

export const orderPeriodId = (merchantOrderId: string) => `order:${merchantOrderId}`;

export const monthsOf = (billingPeriod: BillingPeriod) => (billingPeriod === 'annual' ? 12 : 1);

/**
 * The period a paid order buys (pure; the caller holds the user's lock), with the service its
 * invoice describes.
 * - An upgrade starts now, after the free days the periods it ended had left, and runs the extra
 *   days its credit bought beyond the price (upgradeTerm).
 * - Otherwise it follows the plan or trial running now (nextTerm).
 */
export function periodForOrder(
  current: SubscriptionRecord | null,
  order: PaidOrder & { accountId: string },
  monthlyPricePaise: Paise,
  now: Date,
): NewPeriod & { service: { from: Date; to: Date } } {
  const base = {
    id: orderPeriodId(order.merchantOrderId),
    accountId: order.accountId,
    source: 'order' as const,
    plan: order.plan,
    billingPeriod: order.billingPeriod,
    monthlyPricePaise,
    seats: order.seats,
    merchantOrderId: order.merchantOrderId,
    admin: null,
    state: 'active' as const,
    credited: null,
  };
  if (order.change) {
    const freeMs = order.change.credits.reduce((sum, credit) => sum + credit.freeMs, 0);
    const { paidFrom, to } = upgradeTerm(freeMs, monthsOf(order.billingPeriod), order.change.extraDays, now);
    return {
      ...base,
      from: now,
      to,
      paidFrom,
      paidDays: daysBetween(paidFrom, to),
      pricePaise: order.change.valuePaise,
      service: { from: now, to },
    };
  }
  const { from, start, paidFrom, to } = nextTerm(current, monthsOf(order.billingPeriod), now, freeMonthFor(current, order.firm !== null));
  return { ...base, from, to, paidFrom, paidDays: daysBetween(paidFrom, to), pricePaise: order.amountPaise, service: { from: start, to } };
}

/**
 * Whether a first plan carries the trial's free month: a person who never had the trial, as the
 * plan cards promise. A firm's never does: the trial is each person's own (docs/decisions/0033).
 */
export const freeMonthFor = (current: SubscriptionRecord | null, firm: boolean) => !firm && !current?.hasUsedTrial;

/**
 * The term a purchase or renewal adds (pure): after the plan or trial running now. A renewal starts
 * at the current end; a trial's days left are the free start of the first plan, which begins now;
 * with `freeMonth` the trial's 30 days come on top.
 */
export function nextTerm(current: SubscriptionRecord | null, months: number, now: Date, freeMonth: boolean) {
  const status = effectiveStatus(current, now);
  const runningEnd = status === 'active' ? current?.subscriptionEndDate : status === 'trial' ? current?.trialEnd : null;
  // a plan in its renewal grace is renewed from its paid end, as Stripe keeps the billing anchor
  const start = runningEnd && (runningEnd > now || status === 'active') ? runningEnd : now;
  const firstPlanFreeMs = freeMonth ? TRIAL_DAYS * DAY_MS : 0;
  return {
    from: status === 'trial' ? now : start,
    /** Where the invoice's service begins. */
    start,
    paidFrom: new Date(start.getTime() + firstPlanFreeMs),
    to: new Date(addMonths(start, months).getTime() + firstPlanFreeMs),
  };
}

/** An upgrade's term (pure): now, the free days carried over, the plan's months, and the days its extra credit bought. */
export function upgradeTerm(freeMs: number, months: number, extraDays: number, now: Date) {
  const paidFrom = new Date(now.getTime() + freeMs);
  return { paidFrom, to: new Date(addMonths(paidFrom, months).getTime() + extraDays * DAY_MS) };
}
