import { creditNoteUrl, invoiceUrl, type BillingHistoryResponse } from '@portal/contracts';
import type { invoiceUseCases } from '../../tax-documents';
import type { OrderStore, RefundStore } from './ports';
import { toRefundView } from './refund-view';

/** How many payments the billing history lists; a subscriber makes one or a few a year. */
const HISTORY_LIMIT = 200;

export interface BillingHistoryDeps {
  orders: OrderStore;
  refunds: RefundStore;
  invoices: Pick<ReturnType<typeof invoiceUseCases>, 'forUser'>;
}

/** The signed-in user's payments, each with its invoice, its refunds and the credits of its plan, with their credit notes. */
export function billingHistoryUseCases(deps: BillingHistoryDeps) {
  return {
    async history(userId: string): Promise<BillingHistoryResponse> {
      const [orders, { invoices: issued, creditNotes: credited }] = await Promise.all([
        deps.orders.forUser(userId, HISTORY_LIMIT),
        deps.invoices.forUser(userId),
      ]);
      const refunds = await deps.refunds.forOrders(
        orders.filter((order) => order.status === 'completed').map((order) => order.merchantOrderId),
      );
      const byOrder = new Map(issued.map((invoice) => [invoice.merchantOrderId, invoice]));
      const byRefund = new Map(credited.map((note) => [note.merchantRefundId, note]));
      return {
        payments: orders.map((order) => {
          const invoice = byOrder.get(order.merchantOrderId);
          return {
            merchantOrderId: order.merchantOrderId,
            createdAt: order.createdAt.toISOString(),
            plan: order.plan,
            billingPeriod: order.billingPeriod,
            amount: order.amount,
            status: order.status,
            invoice: invoice
              ? { number: invoice.number, issuedAt: invoice.issuedAt.toISOString(), url: invoiceUrl(order.merchantOrderId) }
              : null,
            refunds: refunds
              .filter((refund) => refund.merchantOrderId === order.merchantOrderId)
              .map((refund) => toRefundView(refund, byRefund.get(refund.merchantRefundId))),
            credits: credited
              .filter((note) => note.kind === 'plan-change' && note.merchantOrderId === order.merchantOrderId)
              .map((note) => ({
                number: note.number,
                issuedAt: note.issuedAt.toISOString(),
                url: creditNoteUrl(note.merchantRefundId),
                amount: note.totalPaise / 100,
              })),
            creditApplied: (invoice?.creditAppliedPaise ?? 0) / 100,
          };
        }),
      };
    },
  };
}
