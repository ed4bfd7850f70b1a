import { clockFrom } from '@portal/platform/clock';
import type { RenewalDeps, OrderRecord } from './ports';
import { sendDunningDue } from './renewal-mail';
import { graceAfterFailure } from './renewal-schedule';
import { advanceRenewal, openRenewal } from './renewal-steps';

type RenewalPass = { opened: number; noticed: number; redeemed: number; settled: number; dunned: number };

/**
 * Renewals by UPI Autopay, driven by a scheduled job: notify PhonePe before each
 * paid end, tell the customer once PhonePe has notified them, debit when the rules allow, and after
 * a failed debit keep access for the grace period while the dunning e-mails go out. Every step is
 * keyed by the renewal's order, so a repeat, a second worker or a late webhook changes nothing.
 */
export function renewalUseCases(deps: RenewalDeps) {
  const now = clockFrom(deps);
  return {
    /** One pass of the renewal job: open the renewals due, advance the open ones, send the dunning e-mails due. */
    async run(): Promise<RenewalPass> {
      const at = now();
      const result: RenewalPass = { opened: 0, noticed: 0, redeemed: 0, settled: 0, dunned: 0 };
      result.opened = await openDue(deps, at);
      for (const order of await deps.orders.pendingRenewals(500)) {
        try {
          const step = await advanceRenewal(deps, order, at);
          if (step) result[step]++;
        } catch (error) {
          deps.logger.warn({ err: error, merchantOrderId: order.merchantOrderId }, 'renewal could not advance; next pass retries');
        }
      }
      result.dunned = await dunDue(deps, at);
      return result;
    },

    /** A webhook about a renewal (its notice, its debit): look again now rather than at the next pass. */
    async refresh(merchantOrderId: string): Promise<void> {
      const order = await deps.orders.find(merchantOrderId);
      if (order?.status === 'pending' && order.mandate?.role === 'renewal') await advanceRenewal(deps, order, now());
      else if (order?.mandate?.role === 'renewal') await deps.settle(merchantOrderId);
    },

    /** A renewal's debit failed: the grace starts, with the first dunning e-mail. */
    async afterSettled(order: OrderRecord): Promise<void> {
      if (order.mandate?.role !== 'renewal' || !order.renewal || !order.accountId || order.status !== 'failed') return;
      const at = now();
      const graceUntil = graceAfterFailure(order.renewal.dueAt, at);
      if (!(await deps.ledger.holdForRenewal(order.accountId, order.renewal.dueAt, graceUntil, at))) return;
      const subscription = await deps.subscriptions.find(order.accountId);
      if (!subscription) return;
      const email = subscription.email || order.userEmail;
      await sendDunningDue(deps, { userId: order.accountId, email, failedAt: at, graceUntil, sent: subscription.remindersSent }, at);
    },
  };
}

/** Opens the renewals due among the active mandates, a page at a time. */
async function openDue(deps: RenewalDeps, at: Date): Promise<number> {
  let opened = 0;
  for (let after: string | null = null; ;) {
    const page = await deps.mandates.active(after, 200);
    if (!page.length) return opened;
    for (const mandate of page) {
      try {
        if (await openRenewal(deps, mandate, at)) opened++;
      } catch (error) {
        deps.logger.warn(
          { err: error, merchantSubscriptionId: mandate.merchantSubscriptionId },
          'renewal could not be opened; next pass retries',
        );
      }
    }
    after = page.at(-1)!.merchantSubscriptionId;
  }
}

/** The dunning e-mails due to the customers in a renewal's grace. */
async function dunDue(deps: RenewalDeps, at: Date): Promise<number> {
  let dunned = 0;
  for (const subscription of await deps.subscriptions.inGrace(at, 500)) {
    const { accountId, email, renewalFailedAt, graceUntil, remindersSent } = subscription;
    if (!renewalFailedAt || !graceUntil) continue;
    if (await sendDunningDue(deps, { userId: accountId, email, failedAt: renewalFailedAt, graceUntil, sent: remindersSent }, at)) dunned++;
  }
  return dunned;
}
