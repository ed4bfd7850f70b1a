import {
  adminCreditNoteUrl,
  billingPeriodWords,
  isBillingPeriod,
  adminInvoiceUrl,
  formatIndianDate,
  planTitle,
  type TimelineDocument,
  type TimelineEvent,
  rupeesOf,
  formatPaise,
} from '@portal/contracts';
import type { MandateRecord, OrderRecord, RefundRecord } from '../../payments';
import type { PeriodRecord, SubscriptionRecord } from '../../subscriptions';
import type { CreditNoteRecord, InvoiceRecord } from '../../tax-documents';

/** The events of a customer's billing timeline, one builder each (pure). */

const iso = (date: Date) => date.toISOString();
const span = (from: Date, to: Date | null) => `${formatIndianDate(from)} – ${to ? formatIndianDate(to) : 'no end'}`;
const planOf = (plan: string, billingPeriod: string | null) =>
  isBillingPeriod(billingPeriod) ? `${planTitle(plan)} (${billingPeriodWords(billingPeriod)})` : planTitle(plan);
const noMoney = { amount: null, reference: null, documents: [] };

export const creditNoteDocument = (note: CreditNoteRecord): TimelineDocument => ({
  kind: 'credit-note',
  number: note.number,
  url: adminCreditNoteUrl(note.merchantRefundId),
});

/** A period, or an admin's change (which is a period of its own); `credits`: the plan-change credit notes of its order. */
export function periodEvent(period: PeriodRecord, credits: CreditNoteRecord[]): TimelineEvent {
  if (period.source === 'admin' && period.admin) {
    return {
      at: iso(period.createdAt),
      kind: 'admin-change',
      summary: `${period.admin.email} set ${planTitle(period.plan)}, ${period.admin.status}, ${span(period.from, period.to)}`,
      state: period.state,
      ...noMoney,
    };
  }
  const credited = period.credited ? `; ${formatPaise(period.credited.paise)} unused, credited to ${period.credited.byOrder}` : '';
  return {
    at: iso(period.from),
    kind: 'period',
    summary: `${planOf(period.plan, period.billingPeriod)}, ${span(period.from, period.to)}${credited}`,
    state: period.state,
    amount: rupeesOf(period.pricePaise),
    reference: period.merchantOrderId,
    documents: credits.filter((note) => note.merchantOrderId === period.merchantOrderId).map(creditNoteDocument),
  };
}

/** What the subscription record holds of what is to come: a switch at renewal, a cancellation, a failed renewal's grace. */
export function subscriptionEvents(subscription: SubscriptionRecord | null, now: Date): TimelineEvent[] {
  if (!subscription) return [];
  const end = subscription.subscriptionEndDate;
  const events: TimelineEvent[] = [];
  if (subscription.scheduledSwitch && end) {
    const { plan, billingPeriod } = subscription.scheduledSwitch;
    events.push({
      at: iso(end),
      kind: 'scheduled-switch',
      summary: `Switches to ${planOf(plan, billingPeriod)} at renewal on ${formatIndianDate(end)}`,
      state: 'scheduled',
      ...noMoney,
    });
  }
  if (subscription.cancelAtPeriodEnd) {
    const { at, reason } = subscription.cancelAtPeriodEnd;
    events.push({
      at: iso(at),
      kind: 'cancellation',
      summary: `Cancelled by the customer${end ? `; access until ${formatIndianDate(end)}` : ''}${reason ? `. Reason: ${reason}` : ''}`,
      state: end && end.getTime() > now.getTime() ? 'scheduled' : 'ended',
      ...noMoney,
    });
  }
  if (subscription.renewalFailedAt) {
    const grace = subscription.graceUntil;
    events.push({
      at: iso(subscription.renewalFailedAt),
      kind: 'renewal-failure',
      summary: `The renewal debit failed${grace ? `; access until ${formatIndianDate(grace)}` : ''}`,
      state: 'grace',
      ...noMoney,
    });
  }
  return events;
}

export function mandateEvent(mandate: MandateRecord): TimelineEvent {
  const every = mandate.billingPeriod === 'annual' ? 'year' : 'month';
  const ended = mandate.endedReason ? `; ended: ${mandate.endedReason}` : '';
  return {
    at: iso(mandate.createdAt),
    kind: 'mandate',
    summary: `UPI Autopay for ${planOf(mandate.plan, mandate.billingPeriod)}, ${formatPaise(mandate.amountPaise)} a ${every}${ended}`,
    state: mandate.state,
    amount: rupeesOf(mandate.amountPaise),
    reference: mandate.merchantSubscriptionId,
    documents: [],
  };
}

/** A payment, or a renewal's Autopay debit, with its invoice once issued. */
export function orderEvent(order: OrderRecord, invoice: InvoiceRecord | undefined): TimelineEvent {
  const debit = order.mandate?.role === 'renewal';
  const how = debit ? 'renewal by UPI Autopay' : order.mandate ? 'with an Autopay mandate' : order.change ? 'upgrade' : null;
  return {
    at: iso(order.createdAt),
    kind: debit ? 'debit' : 'payment',
    summary: `${planOf(order.plan, order.billingPeriod)}${how ? `, ${how}` : ''}`,
    state: order.status,
    amount: rupeesOf(order.amountPaise),
    reference: order.merchantOrderId,
    documents: invoice ? [{ kind: 'invoice', number: invoice.number, url: adminInvoiceUrl(order.merchantOrderId) }] : [],
  };
}

export function refundEvent(refund: RefundRecord, note: CreditNoteRecord | undefined): TimelineEvent {
  return {
    at: iso(refund.createdAt),
    kind: 'refund',
    summary: `Of ${refund.merchantOrderId} by ${refund.requestedBy}: ${refund.reason}`,
    state: refund.state,
    amount: rupeesOf(refund.amountPaise),
    reference: refund.merchantRefundId,
    documents: note ? [creditNoteDocument(note)] : [],
  };
}
