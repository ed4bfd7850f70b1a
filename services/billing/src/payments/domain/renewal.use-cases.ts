import {
  AUTOPAY_MESSAGES,
  DAY_MS,
  formatIndianDate,
  formatIndianDateTime,
  GRACE_DAYS,
  formatPaise,
  planTitle,
  type PricedPlan,
} from '@portal/contracts';
import type { SingleUseClaims } from '@portal/platform';
import { composeMail } from '@portal/platform/mail-layout';
import type { Logger } from 'pino';
import { effectiveStatus, type SubscriptionStore, type subscriptionLedger } from '../../subscriptions';
import type { MailSender } from '../../shared/ports';
import type { autopayUseCases } from './autopay.use-cases';
import type { MandateGateway, MandateRecord, MandateStore, OrderRecord, OrderStore } from './ports';
import { debitAt, debitWindowEnd, dunningDue, graceAfterFailure, notifyDue, redeemDue, renewalOrderId } from './renewal-schedule';

export interface RenewalDeps {
  mandates: MandateStore;
  orders: OrderStore;
  gateway: MandateGateway;
  subscriptions: Pick<SubscriptionStore, 'find' | 'inGrace' | 'markReminderSent'>;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'holdForRenewal'>;
  autopay: Pick<ReturnType<typeof autopayUseCases>, 'reflect' | 'endFor'>;
  /** Who sends a notice, asks for a debit or sends a dunning e-mail: a webhook and the job can meet. */
  claims: Pick<SingleUseClaims, 'claim'>;
  /** Payments' settlement: asks PhonePe for the debit's outcome and credits it once. */
  settle: (merchantOrderId: string) => Promise<OrderRecord | null>;
  mail: MailSender;
  logger: Logger;
  merchantName: string;
  publicUrl: string;
  now?: () => Date;
}

const planLine = (plan: PricedPlan | string, billingPeriod: string) => `${planTitle(plan)} plan (${billingPeriod})`;

/**
 * Renewals by UPI Autopay (issue #27 §3–4), driven by a scheduled job: notify PhonePe before each
 * paid end, tell the customer once PhonePe has notified them, debit when the rules allow, and after
 * a failed debit keep access for the grace period while the dunning e-mails go out. Every step is
 * keyed by the renewal's order, so a repeat, a second worker or a late webhook changes nothing.
 */
export function renewalUseCases(deps: RenewalDeps) {
  const { mandates, orders, gateway, subscriptions, ledger, autopay, claims, mail, logger } = deps;
  // claimed before the step, never given back: a lost e-mail or a debit asked again by hand is preferred over a duplicate
  const claimStep = (order: OrderRecord, step: 'notice' | 'debit') =>
    claims.claim(`renewal-${step}:${order.merchantOrderId}`, order.accountId ?? order.userEmail);
  const now = deps.now ?? (() => new Date());

  async function notify(order: OrderRecord, at: Date): Promise<void> {
    const dueAt = order.renewal!.dueAt;
    const notified = await gateway.notifyRedemption({
      merchantOrderId: order.merchantOrderId,
      merchantSubscriptionId: order.mandate!.merchantSubscriptionId,
      amountPaise: order.amountPaise,
      expireAt: debitWindowEnd(dueAt, at).getTime(),
    });
    if (!notified) {
      // PhonePe refused the notice: the mandate is not active, so it is read again (which drops the renewal)
      logger.warn({ merchantOrderId: order.merchantOrderId }, 'PhonePe refused the renewal notice');
      await autopay.reflect(order.mandate!.merchantSubscriptionId);
    }
  }

  /** Opens the renewal of the mandate's plan when its end is near: one order per paid end. */
  async function open(mandate: MandateRecord, at: Date): Promise<boolean> {
    if (!mandate.accountId) return false;
    const subscription = await subscriptions.find(mandate.accountId);
    const dueAt = subscription?.subscriptionEndDate;
    if (!subscription || !dueAt || effectiveStatus(subscription, at) !== 'active' || !notifyDue(dueAt, at)) return false;
    // this end's renewal failed already: the customer pays by hand, in the grace
    if (subscription.renewalFailedAt) return false;
    if (subscription.scheduledSwitch || subscription.cancelAtPeriodEnd) {
      // the mandate renews this plan only: it ends with it
      await autopay.endFor(mandate.accountId, subscription.scheduledSwitch ? 'switch' : 'cancellation');
      return false;
    }
    if (subscription.plan !== mandate.plan || subscription.billingPeriod !== mandate.billingPeriod) return false;
    if (subscription.seats !== mandate.seats) return false;
    const merchantOrderId = renewalOrderId(mandate.merchantSubscriptionId, dueAt);
    if (await orders.find(merchantOrderId)) return false;
    // PhonePe asks for the subscription to be active before each notice
    if ((await autopay.reflect(mandate.merchantSubscriptionId))?.state !== 'active') return false;
    let order: OrderRecord;
    try {
      order = await orders.create({
        merchantOrderId,
        accountId: mandate.accountId,
        userEmail: subscription.email || mandate.userEmail,
        plan: mandate.plan,
        billingPeriod: mandate.billingPeriod,
        seats: mandate.seats,
        firm: mandate.firm,
        amountPaise: mandate.amountPaise,
        expireAt: new Date(dueAt.getTime() + GRACE_DAYS * DAY_MS),
        change: null,
        mandate: { merchantSubscriptionId: mandate.merchantSubscriptionId, role: 'renewal' },
        renewal: { dueAt, noticeSentAt: null, redeemRequestedAt: null },
      });
    } catch {
      return false; // another worker opened it (the order id is unique)
    }
    // access does not lapse in the hours between the end and the debit
    await ledger.holdForRenewal(mandate.accountId, dueAt, new Date(dueAt.getTime() + GRACE_DAYS * DAY_MS));
    await notify(order, at);
    return true;
  }

  /**
   * RBI's pre-debit notice: merchant, amount, date, mandate reference, and how to stop the debit;
   * with the window in which PhonePe may run it (its first attempt, then its retries).
   */
  async function sendNotice(order: OrderRecord, noticeSentAt: Date): Promise<void> {
    const { dueAt } = order.renewal!;
    const opens = debitAt({ dueAt, noticeSentAt });
    const date = formatIndianDate(opens);
    const window = `${formatIndianDateTime(opens)} to ${formatIndianDateTime(debitWindowEnd(dueAt, noticeSentAt))} (India time), outside the peak hours of UPI`;
    const notice = composeMail(
      {
        subject: `UPI Autopay: ${formatPaise(order.amountPaise)} will be debited on ${date}`,
        paragraphs: [`Your ${planLine(order.plan, order.billingPeriod)} of the Tax Practitioner Portal renews by UPI Autopay.`],
        facts: [
          ['Merchant', deps.merchantName],
          ['Amount', formatPaise(order.amountPaise)],
          ['Debit date', date],
          ['Debit window', window],
          ['Mandate reference', order.mandate!.merchantSubscriptionId],
        ],
        after: [`${AUTOPAY_MESSAGES.stopHow} ${deps.publicUrl}/subscription`],
      },
      deps,
    );
    await mail
      .send({ to: order.userEmail, ...notice })
      .catch((error: unknown) =>
        logger.error({ err: error, merchantOrderId: order.merchantOrderId }, 'pre-debit notice could not be sent'),
      );
  }

  /** Takes an open renewal one step further: notice, debit, or its outcome. */
  async function advance(order: OrderRecord, at: Date): Promise<'noticed' | 'redeemed' | 'settled' | null> {
    const renewal = order.renewal;
    if (!renewal || !order.mandate) return null;
    if (!renewal.noticeSentAt) {
      const remote = await gateway.redemptionStatus(order.merchantOrderId);
      if (!remote) {
        await notify(order, at); // opened, then stopped before PhonePe heard of it
        return null;
      }
      if (remote.state === 'FAILED') return (await deps.settle(order.merchantOrderId)) ? 'settled' : null;
      if (remote.state === 'NOTIFICATION_IN_PROGRESS') return null;
      if (!(await claimStep(order, 'notice'))) return null;
      await orders.markRenewalStep(order.merchantOrderId, 'noticeSentAt', at);
      await sendNotice(order, at);
      return 'noticed';
    }
    if (!renewal.redeemRequestedAt) {
      if (!redeemDue(renewal, at)) return null;
      if ((await autopay.reflect(order.mandate.merchantSubscriptionId))?.state !== 'active') return null;
      if (!(await claimStep(order, 'debit'))) return null;
      await orders.markRenewalStep(order.merchantOrderId, 'redeemRequestedAt', at);
      if (!(await gateway.redeem(order.merchantOrderId)))
        logger.warn({ merchantOrderId: order.merchantOrderId }, 'PhonePe refused the debit');
      return 'redeemed';
    }
    const settled = await deps.settle(order.merchantOrderId);
    return settled && settled.status !== 'pending' ? 'settled' : null;
  }

  /** The dunning e-mail due for a failed renewal, once each (marked before it is sent). */
  async function dun(userId: string, email: string, failedAt: Date, graceUntil: Date, sent: string[], at: Date): Promise<boolean> {
    const due = dunningDue(failedAt, at, sent);
    if (!due) return false;
    for (const skipped of due.skipped) await subscriptions.markReminderSent(userId, skipped);
    if (!(await claims.claim(`renewal-dunning:${userId}:${failedAt.toISOString()}:${due.day}`, userId))) return false;
    await subscriptions.markReminderSent(userId, due.id);
    const until = formatIndianDate(graceUntil);
    const dunning = composeMail(
      {
        subject: due.day === 0 ? 'Your renewal payment failed' : `Reminder: pay now to keep access after ${until}`,
        paragraphs: [
          `${AUTOPAY_MESSAGES.renewalFailed}.`,
          `The UPI Autopay debit for your renewal did not go through. Your access continues until ${until}; after that your plan expires.`,
        ],
        action: { label: 'Pay now', url: `${deps.publicUrl}/subscription` },
      },
      deps,
    );
    await mail
      .send({ to: email, ...dunning })
      .catch((error: unknown) => logger.error({ err: error, userId, day: due.day }, 'dunning e-mail could not be sent'));
    return true;
  }

  return {
    /** One pass of the renewal job: open the renewals due, advance the open ones, send the dunning e-mails due. */
    async run(): Promise<{ opened: number; noticed: number; redeemed: number; settled: number; dunned: number }> {
      const at = now();
      const result = { opened: 0, noticed: 0, redeemed: 0, settled: 0, dunned: 0 };
      for (let after: string | null = null; ;) {
        const page = await mandates.active(after, 200);
        if (!page.length) break;
        for (const mandate of page) {
          try {
            if (await open(mandate, at)) result.opened++;
          } catch (error) {
            logger.warn(
              { err: error, merchantSubscriptionId: mandate.merchantSubscriptionId },
              'renewal could not be opened; next pass retries',
            );
          }
        }
        after = page.at(-1)!.merchantSubscriptionId;
      }
      for (const order of await orders.pendingRenewals(500)) {
        try {
          const step = await advance(order, at);
          if (step) result[step]++;
        } catch (error) {
          logger.warn({ err: error, merchantOrderId: order.merchantOrderId }, 'renewal could not advance; next pass retries');
        }
      }
      for (const subscription of await subscriptions.inGrace(at, 500)) {
        if (!subscription.renewalFailedAt || !subscription.graceUntil) continue;
        const { accountId, email, renewalFailedAt, graceUntil, remindersSent } = subscription;
        if (await dun(accountId, email, renewalFailedAt, graceUntil, remindersSent, at)) result.dunned++;
      }
      return result;
    },

    /** A webhook about a renewal (its notice, its debit): look again now rather than at the next pass. */
    async refresh(merchantOrderId: string): Promise<void> {
      const order = await orders.find(merchantOrderId);
      if (order?.status === 'pending' && order.mandate?.role === 'renewal') await advance(order, now());
      else if (order?.mandate?.role === 'renewal') await deps.settle(merchantOrderId);
    },

    /** A renewal's debit failed: the grace starts, with the first dunning e-mail. */
    async afterSettled(order: OrderRecord): Promise<void> {
      if (order.mandate?.role !== 'renewal' || !order.renewal || !order.accountId || order.status !== 'failed') return;
      const at = now();
      const graceUntil = graceAfterFailure(order.renewal.dueAt, at);
      if (!(await ledger.holdForRenewal(order.accountId, order.renewal.dueAt, graceUntil, at))) return;
      const subscription = await subscriptions.find(order.accountId);
      if (subscription) await dun(order.accountId, subscription.email || order.userEmail, at, graceUntil, subscription.remindersSent, at);
    },
  };
}
