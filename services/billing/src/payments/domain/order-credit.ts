import {
  billedLabel,
  extraPcsLabel,
  formatIndianDate,
  formatPaise,
  invoiceFileName,
  planTitle,
  paiseLeft,
  taxYearsLabel,
  templateAmount,
} from '@portal/contracts';
import { composeMail, type MailContent } from '@portal/platform/mail-layout';
import { recipientOf } from '../../shared/ports';
import type { InvoiceRecord } from '../../tax-documents';
import type { PaymentDeps, OrderRecord } from './ports';
import { announcePaid } from './payment-events';
import { saleKind } from './sale-events';

/**
 * A paid order's credit, once: its period in the ledger, its documents, the order marked
 * credited with its invoice's number, the receipt. The order is marked last, so a retry after a
 * crash finds the period (the ledger's once) and issues what is missing (each document once).
 * Answers the order as stored: marked, or as it was when there is no one to credit it to.
 */
export async function creditOrder(deps: PaymentDeps, order: OrderRecord): Promise<OrderRecord | null> {
  if (!order.accountId) return order; // the user was deleted meanwhile; the payment stays on record
  const paid = { ...order, accountId: order.accountId };
  const paidAt = order.completedAt ?? deps.now?.() ?? new Date();
  // a pack of PCs adds to the activation limit, not a period to the plan
  const { subscription, service } = order.pcPack
    ? { subscription: null, service: await deps.pcPacks.credit({ ...paid, pcPack: order.pcPack }, paidAt) }
    : await deps.ledger.credit(paid);
  const { invoice } = await issueDocuments(deps, paid, service);
  await deps.sales?.paid({
    merchantOrderId: order.merchantOrderId,
    accountId: paid.accountId,
    firmId: order.firm?.id ?? null,
    kind: await saleKind(deps.orders, paid),
    plan: order.plan,
    billingPeriod: order.billingPeriod,
    taxablePaise: invoice.taxablePaise,
    amountPaise: order.amountPaise,
    paidAt: paidAt.toISOString(),
  });
  await announcePaid(deps.events, paid, invoice, subscription, paidAt);
  const credited = await deps.orders.update(order.merchantOrderId, {
    invoiceNumber: invoice.number,
    taxablePaise: invoice.taxablePaise,
    taxPaise: paiseLeft(invoice.totalPaise, invoice.taxablePaise),
    credited: true,
  });
  void sendReceipt(deps, order, subscription?.subscriptionEndDate ?? null, invoice);
  return credited;
}

/** The order's invoice (and an upgrade's credit notes), with the orders the notes reduce marked by them. */
async function issueDocuments(
  { orders, invoices }: PaymentDeps,
  order: OrderRecord & { accountId: string },
  service: { from: Date; to: Date },
) {
  const documents = await invoices.issueForSettledOrder(
    {
      ...order,
      amountPaise: order.change?.valuePaise ?? order.amountPaise,
      ...(order.change && { replaced: order.change.credits }),
      ...(order.pcPack && { pcs: order.pcPack.pcs }),
    },
    service,
  );
  for (const note of documents.creditNotes) await orders.update(note.merchantOrderId, { changeCreditedPaise: note.paise });
  return documents;
}

async function sendReceipt(deps: PaymentDeps, order: OrderRecord, validUntil: Date | null, invoice: InvoiceRecord): Promise<void> {
  await deps.invoices
    .render(invoice)
    .then((pdf) =>
      deps.mail.send({
        key: `payment-receipt:${order.merchantOrderId}`,
        kind: 'payment-receipt',
        ...recipientOf(order),
        ...composeMail(receiptText(order, validUntil, invoice, deps.publicUrl), deps),
        attachments: [{ filename: invoiceFileName(invoice.number), content: pdf, contentType: 'application/pdf' }],
        brief: { amount: templateAmount(order.amountPaise), plan: planTitle(order.plan) },
      }),
    )
    .catch((error: unknown) =>
      deps.logger.error({ err: error, merchantOrderId: order.merchantOrderId }, 'receipt e-mail could not be sent'),
    );
}

function receiptText(order: OrderRecord, validUntil: Date | null, invoice: InvoiceRecord, publicUrl: string): MailContent {
  const title = planTitle(order.plan);
  return {
    subject: order.pcPack
      ? `Payment received: ${extraPcsLabel(order.pcPack.pcs)} for your ${title} plan`
      : `Payment received: ${title} plan (${invoice.taxYears?.length ? taxYearsLabel(invoice.taxYears) : order.billingPeriod})`,
    paragraphs: [
      'Thank you for your payment.',
      ...(order.mandate?.role === 'renewal' ? [`Renewed by UPI Autopay, mandate ${order.mandate.merchantSubscriptionId}.`] : []),
      ...(validUntil ? [`Your subscription is active until ${formatIndianDate(validUntil)}.`] : []),
    ],
    facts: [
      ['Plan', `${title}, ${billedLabel(order.billingPeriod)}`],
      ...(invoice.taxYears?.length ? [['Tax years', taxYearsLabel(invoice.taxYears)] as [string, string]] : []),
      ...(order.pcPack ? [['Extra PCs', `${order.pcPack.pcs}, until ${formatIndianDate(order.pcPack.until)}`] as [string, string]] : []),
      ...(order.firm ? [['Firm', `${order.firm.name}, ${order.seats} ${order.seats === 1 ? 'seat' : 'seats'}`] as [string, string]] : []),
      ['Amount', formatPaise(order.amountPaise)],
      ['Order', order.merchantOrderId],
      ...(order.phonePeTransactionId ? [['PhonePe transaction', order.phonePeTransactionId] as [string, string]] : []),
      ['Tax invoice', invoice.number],
    ],
    action: { label: 'See your billing history', url: `${publicUrl}/subscription` },
    after: [`Your tax invoice ${invoice.number} is attached, and stays in your billing history on the portal.`],
  };
}
