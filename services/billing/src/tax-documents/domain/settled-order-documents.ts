import { planTitle, type Paise, sumPaise } from '@portal/contracts';
import { draftCreditNote } from './credit-note-draft';
import { draftInvoice, issueCreditNote, issueInSeries } from './invoice-draft';
import type { InvoiceDeps } from './invoice.use-cases';
import type { InvoicedOrder, InvoiceRecord, SettledOrder, SettledOrderDocuments } from './ports';

/**
 * What a settled order needs, issued once each: on an upgrade, a credit note for the unused
 * value of each paid plan it ends (CGST s.34), reducing that order's invoice; then the order's
 * own invoice, which sets those notes against its total. The caller credits the order right
 * after, under the account's lock, so a retried credit finds them all already there.
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
      reason: `Upgraded to ${planTitle(order.plan)} (${order.billingPeriod}) by order ${order.merchantOrderId}.`,
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

/** The order's tax invoice, issued once. */
async function issueInvoice(deps: InvoiceDeps, order: InvoicedOrder, period: { from: Date; to: Date }): Promise<InvoiceRecord> {
  const { invoices, seller } = deps;
  const existing = await invoices.findForOrder(order.merchantOrderId);
  if (existing) return existing;
  // a firm's records are kept under its id, which names no person
  const [profile, account] = await Promise.all([
    deps.profiles.find(order.accountId),
    order.firm ? null : deps.users.profile(order.accountId),
  ]);
  const issuedAt = (deps.now ?? (() => new Date()))();
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
    (deps.now ?? (() => new Date()))(),
    await deps.profiles.find(invoice.accountId),
  );
  return issueCreditNote(deps.lock, seller, deps.creditNotes, draft);
}
