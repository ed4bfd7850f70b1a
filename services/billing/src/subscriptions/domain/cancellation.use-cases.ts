import { CANCELLATION_MESSAGES } from '@portal/contracts';
import { conflict, notFound } from '@portal/platform/errors';
import type { Lock } from '../../shared/ports';
import type { SubscriptionStore } from './ports';
import { effectiveStatus } from './subscription-terms';

export interface CancellationDeps {
  subscriptions: SubscriptionStore;
  lock: Lock;
  now?: () => Date;
}

/**
 * "Cancel subscription", as Stripe's cancel_at_period_end: the plan renews no more
 * and runs to its paid end, which nothing cuts short; the customer may undo it until then.
 * A UPI Autopay mandate ends when its renewal comes round (renewal.use-cases), so an undo in time
 * keeps auto-renewal too.
 */
export function cancellationUseCases({ subscriptions, lock, now = () => new Date() }: CancellationDeps) {
  return {
    async cancel(userId: string, reason: string | undefined) {
      return lock('subscription', userId, async () => {
        const at = now();
        const current = await subscriptions.find(userId);
        if (!current?.subscriptionEndDate || effectiveStatus(current, at) !== 'active') throw conflict(CANCELLATION_MESSAGES.noPlan);
        if (current.cancelAtPeriodEnd) throw conflict(CANCELLATION_MESSAGES.already);
        await subscriptions.save(userId, { cancelAtPeriodEnd: { at, reason: reason?.trim() || null } });
        return { success: true as const, message: CANCELLATION_MESSAGES.cancelled, endsAt: current.subscriptionEndDate.toISOString() };
      });
    },

    async undo(userId: string) {
      return lock('subscription', userId, async () => {
        const current = await subscriptions.find(userId);
        if (!current?.cancelAtPeriodEnd || effectiveStatus(current, now()) !== 'active') throw notFound(CANCELLATION_MESSAGES.notCancelled);
        await subscriptions.save(userId, { cancelAtPeriodEnd: null });
        return { success: true as const, message: CANCELLATION_MESSAGES.undone };
      });
    },
  };
}
