import { creditNoteUrl, invoiceUrl, type BillingHistoryEntry, type BillingHistoryResponse, rupeesOf, NO_PAISE } from '@portal/contracts';
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

/** A firm's documents are fetched for the firm (`?firmId=`), whose owner and admins may read them. */
function forFirm(entry: BillingHistoryEntry, firmId: string): BillingHistoryEntry {
  const scoped = <T extends { url: string }>(document: T): T => ({ ...document, url: `${document.url}?firmId=${firmId}` });
  return {
    ...entry,
    invoice: entry.invoice && scoped(entry.invoice),
    refunds: entry.refunds.map((refund) => ({ ...refund, creditNote: refund.creditNote && scoped(refund.creditNote) })),
    credits: entry.credits.map(scoped),
  };
}

/** The payments of a person or a firm, each with its invoice, its refunds and the credits of its plan, with their credit notes. */
export function billingHistoryUseCases(deps: BillingHistoryDeps) {
  return {
    async history({ id: userId, firm }: { id: string; firm: { id: string } | null }): Promise<BillingHistoryResponse> {
      const [stored, { invoices: issued, creditNotes: credited }] = await Promise.all([
        deps.orders.forUser(userId, HISTORY_LIMIT),
        deps.invoices.forUser(userId),
      ]);
      // A checkout left open or abandoned, or an Autopay debit still to run, is no payment yet: the
      // history shows what was paid or tried (the subscription page shows what is due).
      const orders = stored.filter((order) => order.status !== 'pending');
      const refunds = await deps.refunds.forOrders(
        orders.filter((order) => order.status === 'completed').map((order) => order.merchantOrderId),
      );
      const byOrder = new Map(issued.map((invoice) => [invoice.merchantOrderId, invoice]));
      const byRefund = new Map(credited.map((note) => [note.merchantRefundId, note]));
      const payments = orders.map((order): BillingHistoryEntry => {
        const invoice = byOrder.get(order.merchantOrderId);
        return {
          merchantOrderId: order.merchantOrderId,
          createdAt: order.createdAt.toISOString(),
          plan: order.plan,
          billingPeriod: order.billingPeriod,
          seats: order.seats,
          ...(order.pcPack && { pcs: order.pcPack.pcs }),
          amount: rupeesOf(order.amountPaise),
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
              amount: rupeesOf(note.totalPaise),
            })),
          creditApplied: rupeesOf(invoice?.creditAppliedPaise ?? NO_PAISE),
        };
      });
      return { payments: firm ? payments.map((entry) => forFirm(entry, firm.id)) : payments };
    },
  };
}
