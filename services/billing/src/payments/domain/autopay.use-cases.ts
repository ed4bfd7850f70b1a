import { AUTOPAY_MESSAGES } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { SubscriptionRecord } from '../../subscriptions';
import type { AutopayDeps, MandateEndReason, MandateRecord, OrderRecord } from './ports';
import { autoRenewView } from './auto-renew-view';
import { endMandates, reflectMandate } from './mandate-lifecycle';

/**
 * The customer's UPI Autopay mandates: set up with a payment, followed from PhonePe's
 * subscription status (webhooks only say "look again"), and ended when the customer turns
 * auto-renew off, revokes it in their UPI app, or the plan it renews is replaced.
 */
export function autopayUseCases(deps: AutopayDeps) {
  const { mandates, lock, logger } = deps;
  return {
    /** PhonePe's state of one mandate, asked again (a webhook, or before a notify or a debit). */
    async reflect(merchantSubscriptionId: string): Promise<MandateRecord | null> {
      const mandate = await mandates.find(merchantSubscriptionId);
      if (!mandate?.accountId) return mandate;
      return lock('mandates', mandate.accountId, async () =>
        reflectMandate(deps, (await mandates.find(merchantSubscriptionId)) ?? mandate),
      );
    },

    /** Ends the user's live mandates (a switch or a cancellation reached its renewal). */
    async endFor(userId: string, reason: MandateEndReason): Promise<number> {
      return lock('mandates', userId, () => endMandates(deps, userId, reason));
    },

    /**
     * After one of our orders settles: a paid setup makes its mandate active and replaces the user's
     * others; a failed one records that the mandate was never set up; an upgrade ends the mandates
     * of the plan it replaced (a mandate's amount and frequency are fixed).
     */
    async afterSettled(order: OrderRecord): Promise<void> {
      const { accountId } = order;
      if (!accountId) return;
      await lock('mandates', accountId, async () => {
        if (order.mandate?.role === 'setup') {
          const mandate = await mandates.find(order.mandate.merchantSubscriptionId);
          if (!mandate) return;
          if (order.status === 'completed') {
            const active = await reflectMandate(deps, mandate);
            if (active.state === 'active') await endMandates(deps, accountId, 'replaced', active.merchantSubscriptionId);
          } else if (mandate.state === 'pending') {
            await mandates.update(mandate.merchantSubscriptionId, { state: 'failed' });
          }
          return;
        }
        if (order.change && order.status === 'completed') await endMandates(deps, accountId, 'plan-change');
      });
    },

    /** "Turn off auto-renew": the mandate is cancelled at PhonePe at once; the plan runs to its end. */
    async turnOff(userId: string) {
      const ended = await lock('mandates', userId, () => endMandates(deps, userId, 'customer'));
      if (!ended) throw notFound(AUTOPAY_MESSAGES.noMandate);
      return { success: true as const, message: AUTOPAY_MESSAGES.turnedOff };
    },

    autoRenewOf: (userId: string, subscription: SubscriptionRecord | null, at: Date) => autoRenewView(deps, userId, subscription, at),

    async deleteUser(userId: string): Promise<void> {
      await lock('mandates', userId, () => endMandates(deps, userId, 'customer')).catch((error: unknown) =>
        logger.warn({ err: error, userId }, 'a deleted user’s mandate could not be cancelled at PhonePe'),
      );
      await mandates.detachUser(userId);
    },
  };
}
