import type { InternalFirmSeatsAnswer } from '@portal/contracts/internal';
import type { SubscriptionStore } from './ports';
import { accessEnd, effectiveStatus } from './subscription-status';

/**
 * A firm's seats, for auth's membership rules (issue #30). A firm's subscription is kept under the
 * firm's id; while it has no paid plan with access, the firm has its owner's seat alone.
 */
export function firmSeatsOf(subscriptions: Pick<SubscriptionStore, 'find'>, now: () => Date) {
  return async (firmId: string): Promise<InternalFirmSeatsAnswer> => {
    const subscription = await subscriptions.find(firmId);
    if (!subscription || effectiveStatus(subscription, now()) !== 'active') return { seats: 1, paidUntil: null };
    return { seats: subscription.seats, paidUntil: accessEnd(subscription)?.toISOString() ?? null };
  };
}
