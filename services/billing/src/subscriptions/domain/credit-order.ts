import { DAY_MS, TRIAL_DAYS } from '@portal/contracts';
import type { PaidOrder, SubscriptionChanges, SubscriptionRecord } from './ports';
import { addMonths, effectiveStatus } from './subscription-status';

/**
 * The subscription after a paid order (pure; the caller holds the user's lock):
 * - a renewal extends from the current end, and a running trial keeps its remaining days;
 * - a user who never had the trial gets its 30 days on top, as the plan cards promise;
 * - an order already credited changes nothing.
 * The period it answers is the service the order buys, as its invoice describes it.
 */
export function creditOrder(
  current: SubscriptionRecord | null,
  order: PaidOrder,
  monthlyPrice: number,
  now: Date,
): { changes: SubscriptionChanges; period: { from: Date; to: Date } } | null {
  if (current?.creditedOrderIds.includes(order.merchantOrderId)) return null;
  const status = effectiveStatus(current, now);
  const runningEnd = status === 'active' ? current?.subscriptionEndDate : status === 'trial' ? current?.trialEnd : null;
  const start = runningEnd && runningEnd > now ? runningEnd : now;
  let end = addMonths(start, order.billingPeriod === 'annual' ? 12 : 1);
  if (!current?.hasUsedTrial) end = new Date(end.getTime() + TRIAL_DAYS * DAY_MS);
  const changes: SubscriptionChanges = {
    email: order.userEmail,
    status: 'active',
    plan: order.plan,
    billingPeriod: order.billingPeriod,
    planPrice: monthlyPrice,
    subscriptionStartDate: status === 'active' && current?.subscriptionStartDate ? current.subscriptionStartDate : now,
    subscriptionEndDate: end,
    hasUsedTrial: true,
    creditedOrderIds: [...(current?.creditedOrderIds ?? []), order.merchantOrderId],
    // a new period earns new reminders
    remindersSent: (current?.remindersSent ?? []).filter((reminder) => !reminder.startsWith('paid')),
  };
  return { changes, period: { from: start, to: end } };
}
