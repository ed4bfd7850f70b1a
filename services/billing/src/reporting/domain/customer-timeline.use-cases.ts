import type { CustomerTimeline } from '@portal/contracts';
import type { MandateStore, OrderStore, RefundStore } from '../../payments';
import type { PeriodStore, SubscriptionStore } from '../../subscriptions';
import type { invoiceUseCases } from '../../tax-documents';
import { mandateEvent, orderEvent, periodEvent, refundEvent, subscriptionEvents } from './timeline-events';

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

/**
 * A customer's billing as one timeline for the admin: periods and admin changes,
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
      const noteOf = new Map(documents.creditNotes.map((note) => [note.merchantRefundId, note]));
      const planChangeNotes = documents.creditNotes.filter((note) => note.kind === 'plan-change');
      const events = [
        ...periods.map((period) => periodEvent(period, planChangeNotes)),
        ...subscriptionEvents(subscription, now()),
        ...mandates.map(mandateEvent),
        ...orders.map((order) => orderEvent(order, invoiceOf.get(order.merchantOrderId))),
        ...refunds.map((refund) => refundEvent(refund, noteOf.get(refund.merchantRefundId))),
      ];
      return { events: events.sort((a, b) => b.at.localeCompare(a.at)) };
    },
  };
}
