import { CREDIT_NOTE_NOT_FOUND, INVOICE_NOT_FOUND } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { Lock, UserDirectory } from '../../shared/ports';
import type { BillingProfileStore, CreditNoteRecord, CreditNoteStore, InvoiceRecord, InvoiceStore, Seller, SettledOrder } from './ports';
import { issueForSettledOrder } from './settled-order-documents';

export interface InvoiceDeps {
  invoices: InvoiceStore;
  lock: Lock;
  creditNotes: CreditNoteStore;
  profiles: BillingProfileStore;
  users: UserDirectory;
  seller: Seller;
  render: (document: InvoiceRecord | CreditNoteRecord) => Promise<Buffer>;
  now?: () => Date;
}

export function invoiceUseCases(deps: InvoiceDeps) {
  const { invoices } = deps;
  return {
    issueForSettledOrder: (order: SettledOrder, period: { from: Date; to: Date }) => issueForSettledOrder(deps, order, period),

    render: deps.render,

    /** The user's invoices and credit notes, for their billing history. */
    async forUser(userId: string): Promise<{ invoices: InvoiceRecord[]; creditNotes: CreditNoteRecord[] }> {
      const [issued, credited] = await Promise.all([invoices.forUser(userId), deps.creditNotes.forUser(userId)]);
      return { invoices: issued, creditNotes: credited };
    },

    /**
     * The PDF of an invoice: one of the user's own (another user's is as absent as a missing one),
     * or any, for the admin (`owner` null).
     */
    async pdf(owner: string | null, merchantOrderId: string): Promise<{ number: string; pdf: Buffer }> {
      const invoice = await invoices.findForOrder(merchantOrderId);
      if (!invoice || (owner !== null && invoice.accountId !== owner)) throw notFound(INVOICE_NOT_FOUND);
      return { number: invoice.number, pdf: await deps.render(invoice) };
    },

    /** The PDF of a credit note: one of the user's own, or any, for the admin (`owner` null). */
    async creditNotePdf(owner: string | null, merchantRefundId: string): Promise<{ number: string; pdf: Buffer }> {
      const note = await deps.creditNotes.findForRefund(merchantRefundId);
      if (!note || (owner !== null && note.accountId !== owner)) throw notFound(CREDIT_NOTE_NOT_FOUND);
      return { number: note.number, pdf: await deps.render(note) };
    },
  };
}
