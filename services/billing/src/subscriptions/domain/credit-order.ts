import { DAY_MS, TRIAL_DAYS } from '@portal/contracts';
import type { NewPeriod, PaidOrder, SubscriptionRecord } from './ports';
import { daysBetween } from './periods';
import { addMonths, effectiveStatus } from './subscription-status';

export const orderPeriodId = (merchantOrderId: string) => `order:${merchantOrderId}`;

const monthsOf = (order: PaidOrder) => (order.billingPeriod === 'annual' ? 12 : 1);

/**
 * The period a paid order buys (pure; the caller holds the user's lock). Its invoice's period is
 * the service it describes.
 * - An upgrade starts now, after the free days the periods it ended had left, and runs the extra
 *   days its credit bought beyond the price.
 * - Otherwise it follows the plan or trial running now: a renewal adds its term after the current
 *   end, a trial's days left come first, and a customer who never had the trial gets its 30 days on
 *   top, as the plan cards promise.
 */
export function periodForOrder(
  current: SubscriptionRecord | null,
  order: PaidOrder & { userId: string },
  monthlyPrice: number,
  now: Date,
): { period: NewPeriod; invoicePeriod: { from: Date; to: Date } } {
  const base = {
    id: orderPeriodId(order.merchantOrderId),
    userId: order.userId,
    source: 'order' as const,
    plan: order.plan,
    billingPeriod: order.billingPeriod,
    monthlyPrice,
    merchantOrderId: order.merchantOrderId,
    admin: null,
    state: 'active' as const,
    credited: null,
  };
  if (order.change) {
    const freeMs = order.change.credits.reduce((sum, credit) => sum + credit.freeMs, 0);
    const paidFrom = new Date(now.getTime() + freeMs);
    const to = new Date(addMonths(paidFrom, monthsOf(order)).getTime() + order.change.extraDays * DAY_MS);
    const period = { ...base, from: now, to, paidFrom, paidDays: daysBetween(paidFrom, to), pricePaise: order.change.valuePaise };
    return { period, invoicePeriod: { from: now, to } };
  }
  const status = effectiveStatus(current, now);
  const runningEnd = status === 'active' ? current?.subscriptionEndDate : status === 'trial' ? current?.trialEnd : null;
  const start = runningEnd && runningEnd > now ? runningEnd : now;
  const firstPlanFreeMs = current?.hasUsedTrial ? 0 : TRIAL_DAYS * DAY_MS;
  const to = new Date(addMonths(start, monthsOf(order)).getTime() + firstPlanFreeMs);
  const paidFrom = new Date(start.getTime() + firstPlanFreeMs);
  // a trial's days left are the free start of the plan's first period, which begins now
  const from = status === 'trial' ? now : start;
  const period = { ...base, from, to, paidFrom, paidDays: daysBetween(paidFrom, to), pricePaise: order.amountPaise };
  return { period, invoicePeriod: { from: start, to } };
}
