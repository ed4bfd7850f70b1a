import type { SubscriptionChanges, SubscriptionRecord } from './ports';

/**
 * The subscription after the order that bought `period` was refunded in full (pure; the caller
 * holds the user's lock and makes sure it happens once per order). The refunded period is taken
 * out and the periods after it move up to close the gap, so the plan ends that much earlier; a
 * renewal paid since keeps its time. Nothing is left: the plan ends now. Not a plan this order was
 * credited to, or not active: no change. (A partial refund keeps the period: docs/decisions.md.)
 */
export function withoutRefundedPeriod(
  current: SubscriptionRecord | null,
  merchantOrderId: string,
  period: { from: Date; to: Date } | null,
  now: Date,
): SubscriptionChanges | null {
  if (!current?.creditedOrderIds.includes(merchantOrderId) || current.status !== 'active') return null;
  const end = current.subscriptionEndDate;
  // an order credited before invoices recorded their period: its length is unknown, so it ends now
  if (!period || !end) return { status: 'expired', subscriptionEndDate: now };
  const shortened = new Date(end.getTime() - (period.to.getTime() - period.from.getTime()));
  if (shortened.getTime() <= now.getTime()) return { status: 'expired', subscriptionEndDate: now };
  return { subscriptionEndDate: shortened };
}
