import { CREDIT_NOTE_NOT_FOUND, INVOICE_NOT_FOUND, invoiceUrl, type BillingHistoryResponse } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import { draftInvoice, issueInSeries } from './invoice-draft';
import type {
  BillingProfileStore,
  CreditNoteRecord,
  CreditNoteStore,
  InvoiceRecord,
  InvoiceStore,
  Lock,
  OrderRecord,
  OrderStore,
  RefundStore,
  Seller,
  UserDirectory,
} from './ports';
import { toRefundView } from './refund-view';

export interface InvoiceDeps {
  invoices: InvoiceStore;
  lock: Lock;
  creditNotes: CreditNoteStore;
  refunds: RefundStore;
  orders: OrderStore;
  profiles: BillingProfileStore;
  users: UserDirectory;
  seller: Seller;
  render: (document: InvoiceRecord | CreditNoteRecord) => Promise<Buffer>;
  now?: () => Date;
}

/** How many payments the billing history lists; a subscriber makes one or a few a year. */
const HISTORY_LIMIT = 200;

export function invoiceUseCases(deps: InvoiceDeps) {
  const { invoices, seller } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * The order's tax invoice, issued once: the caller credits the order right after, under the
     * same lock, so a retried credit finds the invoice already there.
     */
    async issueFor(order: OrderRecord & { userId: string }, period: { from: Date; to: Date }): Promise<InvoiceRecord> {
      const existing = await invoices.findForOrder(order.merchantOrderId);
      if (existing) return existing;
      const [profile, account] = await Promise.all([deps.profiles.find(order.userId), deps.users.profile(order.userId)]);
      const issuedAt = now();
      const draft = draftInvoice({
        seller,
        order,
        profile,
        accountName: account ? `${account.firstName} ${account.lastName}`.trim() : '',
        period,
        issuedAt,
      });
      const invoice = await issueInSeries(deps.lock, seller.invoicePrefix, issuedAt, (series, numberOf) =>
        invoices.issue(draft, series, numberOf),
      );
      await deps.orders.update(order.merchantOrderId, {
        invoiceNumber: invoice.number,
        taxablePaise: invoice.taxablePaise,
        taxPaise: invoice.totalPaise - invoice.taxablePaise,
      });
      return invoice;
    },

    render: deps.render,

    async history(userId: string): Promise<BillingHistoryResponse> {
      const [orders, issued, credited] = await Promise.all([
        deps.orders.forUser(userId, HISTORY_LIMIT),
        invoices.forUser(userId),
        deps.creditNotes.forUser(userId),
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
          };
        }),
      };
    },

    /** The PDF of one of the user's own invoices; another user's is as absent as a missing one. */
    async pdf(userId: string, merchantOrderId: string): Promise<{ number: string; pdf: Buffer }> {
      const invoice = await invoices.findForOrder(merchantOrderId);
      if (!invoice || invoice.userId !== userId) throw notFound(INVOICE_NOT_FOUND);
      return { number: invoice.number, pdf: await deps.render(invoice) };
    },

    /** The PDF of one of the user's own credit notes. */
    async creditNotePdf(userId: string, merchantRefundId: string): Promise<{ number: string; pdf: Buffer }> {
      const note = await deps.creditNotes.findForRefund(merchantRefundId);
      if (!note || note.userId !== userId) throw notFound(CREDIT_NOTE_NOT_FOUND);
      return { number: note.number, pdf: await deps.render(note) };
    },
  };
}
