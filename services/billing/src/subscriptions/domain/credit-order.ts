import type { Paise } from '@portal/contracts';
import type { NewPeriod, PaidOrder, SubscriptionRecord } from './ports';
import { daysBetween } from './periods';
import { freeMonthFor, nextTerm, termLengthOf, upgradeTerm } from './subscription-terms';

export const orderPeriodId = (merchantOrderId: string) => `order:${merchantOrderId}`;

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
  const length = termLengthOf(order.billingPeriod, order.taxYears);
  if (order.change) {
    const freeMs = order.change.credits.reduce((sum, credit) => sum + credit.freeMs, 0);
    const { paidFrom, to } = upgradeTerm(freeMs, length, order.change.extraDays, now);
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
  const { from, start, paidFrom, to } = nextTerm(current, length, now, freeMonthFor(current, order.firm !== null));
  return { ...base, from, to, paidFrom, paidDays: daysBetween(paidFrom, to), pricePaise: order.amountPaise, service: { from: start, to } };
}
