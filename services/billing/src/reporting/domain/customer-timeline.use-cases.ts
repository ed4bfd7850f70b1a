import {
  adminCreditNoteUrl,
  adminInvoiceUrl,
  formatIndianDate,
  formatRupees,
  planTitle,
  type CustomerTimeline,
  type TimelineDocument,
  type TimelineEvent,
} from '@portal/contracts';
import type { MandateStore, OrderStore, RefundStore } from '../../payments';
import type { PeriodRecord, PeriodStore, SubscriptionStore } from '../../subscriptions';
import type { CreditNoteRecord, invoiceUseCases } from '../../tax-documents';

export interface CustomerTimelineDeps {
  subscriptions: Pick<SubscriptionStore, 'find'>;
  periods: Pick<PeriodStore, 'forUser'>;
  mandates: Pick<MandateStore, 'forUser'>;
  orders: Pick<OrderStore, 'forUser'>;
  refunds: Pick<RefundStore, 'forOrders'>;
  invoices: Pick<ReturnType<typeof invoiceUseCases>, 'forUser'>;
  now?: () => Date;
}

/** Payments a timeline lists: a customer makes one or a few a year. */
const ORDERS_SHOWN = 200;

const iso = (date: Date) => date.toISOString();
const span = (from: Date, to: Date | null) => `${formatIndianDate(from)} – ${to ? formatIndianDate(to) : 'no end'}`;
const planOf = (plan: string, billingPeriod: string | null) => (billingPeriod ? `${planTitle(plan)} (${billingPeriod})` : planTitle(plan));
const creditNote = (note: CreditNoteRecord): TimelineDocument => ({
  kind: 'credit-note',
  number: note.number,
  url: adminCreditNoteUrl(note.merchantRefundId),
});

function periodEvent(period: PeriodRecord, credits: CreditNoteRecord[]): TimelineEvent {
  if (period.source === 'admin' && period.admin) {
    return {
      at: iso(period.createdAt),
      kind: 'admin-change',
      summary: `${period.admin.email} set ${planTitle(period.plan)}, ${period.admin.status}, ${span(period.from, period.to)}`,
      state: period.state,
      amount: null,
      reference: null,
      documents: [],
    };
  }
  const credited = period.credited ? `; ${formatRupees(period.credited.paise / 100)} unused, credited to ${period.credited.byOrder}` : '';
  return {
    at: iso(period.from),
    kind: 'period',
    summary: `${planOf(period.plan, period.billingPeriod)}, ${span(period.from, period.to)}${credited}`,
    state: period.state,
    amount: period.pricePaise / 100,
    reference: period.merchantOrderId,
    documents: credits.filter((note) => note.merchantOrderId === period.merchantOrderId).map(creditNote),
  };
}

/**
 * A customer's billing as one timeline for the admin (issue #27 §5): periods and admin changes,
 * the scheduled switch, a cancellation, a failed renewal, mandates, payments and Autopay debits,
 * and refunds, each with its invoice or credit notes. Newest first.
 */
export function customerTimelineUseCases(deps: CustomerTimelineDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async timeline(userId: string): Promise<CustomerTimeline> {
      const [subscription, periods, mandates, orders, documents] = await Promise.all([
        deps.subscriptions.find(userId),
        deps.periods.forUser(userId),
        deps.mandates.forUser(userId),
        deps.orders.forUser(userId, ORDERS_SHOWN),
        deps.invoices.forUser(userId),
      ]);
      const refunds = await deps.refunds.forOrders(orders.map((order) => order.merchantOrderId));
      const invoiceOf = new Map(documents.invoices.map((invoice) => [invoice.merchantOrderId, invoice]));
      const planChangeNotes = documents.creditNotes.filter((note) => note.kind === 'plan-change');
      const refundNoteOf = new Map(documents.creditNotes.map((note) => [note.merchantRefundId, note]));
      const events: TimelineEvent[] = periods.map((period) => periodEvent(period, planChangeNotes));

      if (subscription?.scheduledSwitch && subscription.subscriptionEndDate) {
        const { plan, billingPeriod } = subscription.scheduledSwitch;
        events.push({
          at: iso(subscription.subscriptionEndDate),
          kind: 'scheduled-switch',
          summary: `Switches to ${planOf(plan, billingPeriod)} at renewal on ${formatIndianDate(subscription.subscriptionEndDate)}`,
          state: 'scheduled',
          amount: null,
          reference: null,
          documents: [],
        });
      }
      if (subscription?.cancelAtPeriodEnd) {
        const { at, reason } = subscription.cancelAtPeriodEnd;
        const end = subscription.subscriptionEndDate;
        events.push({
          at: iso(at),
          kind: 'cancellation',
          summary: `Cancelled by the customer${end ? `; access until ${formatIndianDate(end)}` : ''}${reason ? `. Reason: ${reason}` : ''}`,
          state: end && end.getTime() > now().getTime() ? 'scheduled' : 'ended',
          amount: null,
          reference: null,
          documents: [],
        });
      }
      if (subscription?.renewalFailedAt) {
        events.push({
          at: iso(subscription.renewalFailedAt),
          kind: 'renewal-failure',
          summary: `The renewal debit failed${subscription.graceUntil ? `; access until ${formatIndianDate(subscription.graceUntil)}` : ''}`,
          state: 'grace',
          amount: null,
          reference: null,
          documents: [],
        });
      }
      for (const mandate of mandates) {
        const every = mandate.billingPeriod === 'annual' ? 'year' : 'month';
        events.push({
          at: iso(mandate.createdAt),
          kind: 'mandate',
          summary: `UPI Autopay for ${planOf(mandate.plan, mandate.billingPeriod)}, ${formatRupees(mandate.amountPaise / 100)} a ${every}${
            mandate.endedReason ? `; ended: ${mandate.endedReason}` : ''
          }`,
          state: mandate.state,
          amount: mandate.amountPaise / 100,
          reference: mandate.merchantSubscriptionId,
          documents: [],
        });
      }
      for (const order of orders) {
        const invoice = invoiceOf.get(order.merchantOrderId);
        const debit = order.mandate?.role === 'renewal';
        const how = debit ? 'renewal by UPI Autopay' : order.mandate ? 'with an Autopay mandate' : order.change ? 'upgrade' : null;
        events.push({
          at: iso(order.createdAt),
          kind: debit ? 'debit' : 'payment',
          summary: `${planOf(order.plan, order.billingPeriod)}${how ? `, ${how}` : ''}`,
          state: order.status,
          amount: order.amount,
          reference: order.merchantOrderId,
          documents: invoice ? [{ kind: 'invoice', number: invoice.number, url: adminInvoiceUrl(order.merchantOrderId) }] : [],
        });
      }
      for (const refund of refunds) {
        const note = refundNoteOf.get(refund.merchantRefundId);
        events.push({
          at: iso(refund.createdAt),
          kind: 'refund',
          summary: `Of ${refund.merchantOrderId} by ${refund.requestedBy}: ${refund.reason}`,
          state: refund.state,
          amount: refund.amountPaise / 100,
          reference: refund.merchantRefundId,
          documents: note ? [creditNote(note)] : [],
        });
      }
      return { events: events.sort((a, b) => b.at.localeCompare(a.at)) };
    },
  };
}
