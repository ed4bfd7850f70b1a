import { CREDIT_NOTE_NOT_FOUND, INVOICE_NOT_FOUND, billingPeriodWords, planTitle, sumPaise, type Paise } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import { clockFrom } from '@portal/platform/clock';
import type { Lock, UserDirectory } from '../../shared/ports';
import { draftCreditNote } from './credit-note-draft';
import { draftInvoice, issueCreditNote, issueInSeries } from './invoice-draft';
import type {
  BillingProfileStore,
  CreditNoteRecord,
  CreditNoteStore,
  InvoicedOrder,
  InvoiceRecord,
  InvoiceStore,
  Seller,
  SettledOrder,
  SettledOrderDocuments,
} from './ports';

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

/**
 * What a settled order needs, issued once each: on an upgrade, a credit note for the unused
 * value of each paid plan it ends (CGST s.34), reducing that order's invoice; then the order's
 * own invoice, which sets those notes against its total. A retried credit finds those already
 * issued and issues the rest.
 */
export async function issueForSettledOrder(
  deps: InvoiceDeps,
  order: SettledOrder,
  period: { from: Date; to: Date },
): Promise<SettledOrderDocuments> {
  const creditNotes: SettledOrderDocuments['creditNotes'] = [];
  for (const [index, credit] of (order.replaced ?? []).entries()) {
    if (!credit.merchantOrderId || credit.paise <= 0) continue; // a period no order paid for: nothing to reduce
    const note = await creditUnusedValue(deps, {
      merchantOrderId: credit.merchantOrderId,
      key: `${order.merchantOrderId}-C${index + 1}`,
      paise: credit.paise,
      reason: `Upgraded to ${planTitle(order.plan)} (${billingPeriodWords(order.billingPeriod)}) by order ${order.merchantOrderId}.`,
    });
    if (note) creditNotes.push({ merchantOrderId: credit.merchantOrderId, paise: credit.paise, number: note.number });
  }
  const credit = order.replaced && {
    paise: sumPaise(creditNotes.map((note) => note.paise)),
    creditNoteNumbers: creditNotes.map((note) => note.number),
  };
  const invoice = await issueInvoice(deps, { ...order, ...(credit ? { credit } : {}) }, period);
  return { invoice, creditNotes };
}

/** The order's tax invoice, issued once: a retried credit's issue answers the one issued before (numberedDocuments). */
async function issueInvoice(deps: InvoiceDeps, order: InvoicedOrder, period: { from: Date; to: Date }): Promise<InvoiceRecord> {
  const { invoices, seller } = deps;
  // a firm's records are kept under its id, which names no person
  const [profile, account] = await Promise.all([
    deps.profiles.find(order.accountId),
    order.firm ? null : deps.users.profile(order.accountId),
  ]);
  const issuedAt = clockFrom(deps)();
  const draft = draftInvoice({
    seller,
    order,
    profile,
    accountName: account ? `${account.firstName} ${account.lastName}`.trim() : '',
    period,
    issuedAt,
  });
  return issueInSeries(deps.lock, seller.invoicePrefix, issuedAt, (series, numberOf) => invoices.issue(draft, series, numberOf));
}

/** A credit note for the unused value of a paid order's plan, once per `key`; null when that order has no invoice to reduce. */
async function creditUnusedValue(deps: InvoiceDeps, credit: { merchantOrderId: string; key: string; paise: Paise; reason: string }) {
  const { invoices, seller } = deps;
  const invoice = await invoices.findForOrder(credit.merchantOrderId);
  if (!invoice) return null;
  const draft = draftCreditNote(
    invoice,
    { kind: 'plan-change', merchantRefundId: credit.key, phonepeRefundId: null, amountPaise: credit.paise, reason: credit.reason },
    clockFrom(deps)(),
    await deps.profiles.find(invoice.accountId),
  );
  return issueCreditNote(deps.lock, seller, deps.creditNotes, draft);
}
