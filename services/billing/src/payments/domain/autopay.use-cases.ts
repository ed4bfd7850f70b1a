import { randomBytes } from 'node:crypto';
import { AUTOPAY_MESSAGES, type AutoRenew, type MandateState, rupeesOf } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { Logger } from 'pino';
import { LOCK_KEYS } from '../../shared/lock-keys';
import { effectiveStatus, type SubscriptionRecord, type subscriptionLedger } from '../../subscriptions';
import type { Lock } from '../../shared/ports';
import type {
  MandateEndReason,
  MandateGateway,
  MandateRecord,
  MandateStore,
  OrderRecord,
  OrderStore,
  PhonePeMandateState,
  ShownMandates,
} from './ports';
import { debitAt, nextNonPeak } from './renewal-schedule';

export interface AutopayDeps {
  mandates: MandateStore & ShownMandates;
  orders: OrderStore;
  gateway: MandateGateway;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'releaseRenewal'>;
  lock: Lock;
  logger: Logger;
}

const STATE_OF: Record<PhonePeMandateState, MandateState> = {
  ACTIVATION_IN_PROGRESS: 'pending',
  ACTIVE: 'active',
  PAUSE_IN_PROGRESS: 'paused',
  PAUSED: 'paused',
  // still paused until PhonePe says it is active again
  UNPAUSE_IN_PROGRESS: 'paused',
  REVOKE_IN_PROGRESS: 'revoked',
  REVOKED: 'revoked',
  CANCEL_IN_PROGRESS: 'cancelled',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
  EXPIRED: 'expired',
};

/** States from which a mandate may still debit. */
const LIVE: readonly MandateState[] = ['pending', 'active', 'paused'];
export const isLiveMandate = (mandate: MandateRecord) => LIVE.includes(mandate.state);

/** A user's mandates change one at a time. */

/** Ours, unique, and within PhonePe's rules for merchantSubscriptionId (≤ 63 of letters, digits, _ and -). */
export const newMerchantSubscriptionId = () =>
  `TPM-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * The customer's UPI Autopay mandates (issue #27 §3): set up with a payment, followed from PhonePe's
 * subscription status (webhooks only say "look again"), and ended when the customer turns
 * auto-renew off, revokes it in their UPI app, or the plan it renews is replaced.
 */
export function autopayUseCases({ mandates, orders, gateway, ledger, lock, logger }: AutopayDeps) {
  /** Renewals not yet debited are dropped when their mandate stops: nothing will be debited. */
  async function dropRenewals(mandate: MandateRecord): Promise<void> {
    for (const order of await orders.forMandates([mandate.merchantSubscriptionId])) {
      if (order.status !== 'pending' || order.mandate?.role !== 'renewal' || !order.renewal || order.renewal.redeemRequestedAt) continue;
      await orders.update(order.merchantOrderId, { status: 'expired' });
      if (order.accountId) await ledger.releaseRenewal(order.accountId, order.renewal.dueAt);
    }
  }

  /** Reads the mandate's state from PhonePe and records it. */
  async function reflect(mandate: MandateRecord): Promise<MandateRecord> {
    const remote = await gateway.mandateStatus(mandate.merchantSubscriptionId);
    if (!remote) return mandate;
    const state = STATE_OF[remote.state] ?? mandate.state;
    if (state === mandate.state && remote.subscriptionId === mandate.phonepeSubscriptionId) return mandate;
    const updated =
      (await mandates.update(mandate.merchantSubscriptionId, { state, phonepeSubscriptionId: remote.subscriptionId })) ?? mandate;
    logger.info({ merchantSubscriptionId: mandate.merchantSubscriptionId, from: mandate.state, to: state }, 'mandate state changed');
    if (state !== 'active') await dropRenewals(updated);
    return updated;
  }

  /** Cancels a live mandate at PhonePe and records why; a pending one's checkout simply lapses. */
  async function end(mandate: MandateRecord, reason: MandateEndReason): Promise<MandateRecord> {
    if (!isLiveMandate(mandate)) return mandate;
    if (mandate.state !== 'pending') await gateway.cancelMandate(mandate.merchantSubscriptionId);
    const ended = (await mandates.update(mandate.merchantSubscriptionId, { state: 'cancelled', endedReason: reason })) ?? mandate;
    await dropRenewals(ended);
    return ended;
  }

  async function endAll(userId: string, reason: MandateEndReason, keep?: string): Promise<number> {
    let ended = 0;
    for (const mandate of await mandates.forUser(userId)) {
      if (mandate.merchantSubscriptionId === keep || !isLiveMandate(mandate)) continue;
      await end(mandate, reason);
      ended++;
    }
    return ended;
  }

  return {
    /** PhonePe's state of one mandate, asked again (a webhook, or before a notify or a debit). */
    async reflect(merchantSubscriptionId: string): Promise<MandateRecord | null> {
      const mandate = await mandates.find(merchantSubscriptionId);
      if (!mandate?.accountId) return mandate;
      return lock(LOCK_KEYS.mandates(mandate.accountId), async () => reflect((await mandates.find(merchantSubscriptionId)) ?? mandate));
    },

    /** Ends the user's live mandates (a switch or a cancellation reached its renewal). */
    async endFor(userId: string, reason: MandateEndReason): Promise<number> {
      return lock(LOCK_KEYS.mandates(userId), () => endAll(userId, reason));
    },

    /**
     * After one of our orders settles: a paid setup makes its mandate active and replaces the user's
     * others; a failed one records that the mandate was never set up; an upgrade ends the mandates
     * of the plan it replaced (a mandate's amount and frequency are fixed).
     */
    async afterSettled(order: OrderRecord): Promise<void> {
      const { accountId } = order;
      if (!accountId) return;
      await lock(LOCK_KEYS.mandates(accountId), async () => {
        if (order.mandate?.role === 'setup') {
          const mandate = await mandates.find(order.mandate.merchantSubscriptionId);
          if (!mandate) return;
          if (order.status === 'completed') {
            const active = await reflect(mandate);
            if (active.state === 'active') await endAll(accountId, 'replaced', active.merchantSubscriptionId);
          } else if (mandate.state === 'pending') {
            await mandates.update(mandate.merchantSubscriptionId, { state: 'failed' });
          }
          return;
        }
        if (order.change && order.status === 'completed') await endAll(accountId, 'plan-change');
      });
    },

    /** "Turn off auto-renew": the mandate is cancelled at PhonePe at once; the plan runs to its end. */
    async turnOff(userId: string) {
      const ended = await lock(LOCK_KEYS.mandates(userId), () => endAll(userId, 'customer'));
      if (!ended) throw notFound(AUTOPAY_MESSAGES.noMandate);
      return { success: true as const, message: AUTOPAY_MESSAGES.turnedOff };
    },

    /** What the status object says of auto-renewal: the newest mandate, its next debit, and one notified. */
    async autoRenewOf(userId: string, subscription: SubscriptionRecord | null, at: Date): Promise<AutoRenew | null> {
      // a mandate renews a paid plan: without one ever credited, there is none to show (and no query)
      if (!subscription?.subscriptionEndDate) return null;
      const [latest] = await mandates.shownForUser(userId);
      if (!latest) return null;
      const renewal = (await orders.forMandates([latest.merchantSubscriptionId])).find(
        (order) => order.status === 'pending' && order.mandate?.role === 'renewal',
      )?.renewal;
      const noticeSentAt = renewal?.noticeSentAt ?? null;
      const on =
        latest.state === 'active' &&
        subscription !== null &&
        effectiveStatus(subscription, at) === 'active' &&
        // an admin's change of plan leaves the mandate with nothing it may renew
        subscription.plan === latest.plan &&
        subscription.billingPeriod === latest.billingPeriod &&
        !subscription.scheduledSwitch &&
        !subscription.cancelAtPeriodEnd &&
        !subscription.renewalFailedAt;
      const end = subscription?.subscriptionEndDate;
      const next = renewal && noticeSentAt ? debitAt({ ...renewal, noticeSentAt }) : end ? nextNonPeak(end) : null;
      return {
        state: latest.state,
        on,
        mandateReference: latest.merchantSubscriptionId,
        plan: latest.plan,
        billingPeriod: latest.billingPeriod,
        amount: rupeesOf(latest.amountPaise),
        nextDebitDate: on && next ? next.toISOString() : null,
        upcomingDebit:
          renewal && noticeSentAt
            ? {
                date: debitAt({ ...renewal, noticeSentAt }).toISOString(),
                amount: rupeesOf(latest.amountPaise),
                noticeSentAt: noticeSentAt.toISOString(),
              }
            : null,
      };
    },

    async deleteUser(userId: string): Promise<void> {
      await lock(LOCK_KEYS.mandates(userId), () => endAll(userId, 'customer')).catch((error: unknown) =>
        logger.warn({ err: error, userId }, 'a deleted user’s mandate could not be cancelled at PhonePe'),
      );
      await mandates.detachUser(userId);
    },
  };
}
