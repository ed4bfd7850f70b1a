import {
  AUTOPAY_MESSAGES,
  billingPeriodWords,
  formatIndianDate,
  formatIndianDateTime,
  formatPaise,
  planTitle,
  templateAmount,
} from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import { recipientOf } from '../../shared/ports';
import type { RenewalDeps, OrderRecord } from './ports';
import { debitAt, debitOpensAt, debitWindowEnd, dunningDue } from './renewal-schedule';

/**
 * RBI's pre-debit notice: merchant, amount, date, mandate reference, and how to stop the debit;
 * with the window in which PhonePe may run it (its first attempt, then its retries).
 */
export async function sendPreDebitNotice(deps: RenewalDeps, order: OrderRecord, noticeSentAt: Date): Promise<void> {
  const opensAt = debitOpensAt(order.renewal!.dueAt, order.billingPeriod);
  const opens = debitAt({ opensAt, noticeSentAt });
  const date = formatIndianDate(opens);
  const window = `${formatIndianDateTime(opens)} to ${formatIndianDateTime(debitWindowEnd(opensAt, noticeSentAt))} (India time), outside the peak hours of UPI`;
  const notice = composeMail(
    {
      subject: `UPI Autopay: ${formatPaise(order.amountPaise)} will be debited on ${date}`,
      paragraphs: [
        `Your ${planTitle(order.plan)} plan (${billingPeriodWords(order.billingPeriod)}) of the Tax Practitioner Portal renews by UPI Autopay.`,
      ],
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
  await deps.mail
    .send({
      key: `pre-debit-notice:${order.merchantOrderId}`,
      kind: 'pre-debit-notice',
      ...recipientOf(order),
      ...notice,
      brief: { amount: templateAmount(order.amountPaise), date },
    })
    .catch((error: unknown) =>
      deps.logger.error({ err: error, merchantOrderId: order.merchantOrderId }, 'pre-debit notice could not be sent'),
    );
}

/** The dunning e-mail due for a failed renewal, once each (marked before it is sent). */
export async function sendDunningDue(
  deps: RenewalDeps,
  { userId, email, failedAt, graceUntil, sent }: { userId: string; email: string; failedAt: Date; graceUntil: Date; sent: string[] },
  at: Date,
): Promise<boolean> {
  const due = dunningDue(failedAt, at, sent);
  if (!due) return false;
  for (const skipped of due.skipped) await deps.subscriptions.markReminderSent(userId, skipped);
  const key = `renewal-dunning:${userId}:${failedAt.toISOString()}:${due.day}`;
  if (!(await deps.claims.claim(key, userId))) return false;
  await deps.subscriptions.markReminderSent(userId, due.id);
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
  await deps.mail
    .send({ key, kind: 'renewal-failed', userId, to: email, ...dunning, brief: { date: until } })
    .catch((error: unknown) => deps.logger.error({ err: error, userId, day: due.day }, 'dunning e-mail could not be sent'));
  return true;
}
