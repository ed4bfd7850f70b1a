import type { InvoiceRecord } from '../../tax-documents';
import type { AccountEvents } from '../../shared/account-events';
import type { OrderRecord, RefundRecord } from './ports';

const accountOf = (order: Pick<OrderRecord, 'firm'>, accountId: string) => ({ accountId, firmId: order.firm?.id ?? null });

/**
 * What a paid order changed, for the integrators' webhooks: the payment, its tax invoice and the
 * plan it bought or extended. Published before the order is marked credited, so a failure is
 * published again when the payment is settled again.
 */
export async function announcePaid(
  events: AccountEvents | undefined,
  order: OrderRecord & { accountId: string },
  invoice: InvoiceRecord,
  subscription: { plan: string; billingPeriod: string | null; status: string; subscriptionEndDate: Date | null } | null,
  at: Date,
): Promise<void> {
  if (!events) return;
  const account = accountOf(order, order.accountId);
  const orderId = order.merchantOrderId;
  await events.publish(
    'payment.completed',
    orderId,
    account,
    {
      orderId,
      plan: order.plan,
      billingPeriod: order.billingPeriod,
      amountPaise: order.amountPaise,
      transactionId: order.phonePeTransactionId ?? null,
    },
    at,
  );
  await events.publish(
    'invoice.issued',
    invoice.number,
    account,
    {
      invoiceNumber: invoice.number,
      orderId,
      totalPaise: invoice.totalPaise,
      taxablePaise: invoice.taxablePaise,
      issuedAt: invoice.issuedAt.toISOString(),
    },
    invoice.issuedAt,
  );
  // a pack of PCs leaves the plan as it was
  if (!subscription) return;
  await events.publish(
    'subscription.updated',
    `order:${orderId}`,
    account,
    {
      plan: subscription.plan,
      billingPeriod: subscription.billingPeriod,
      status: subscription.status,
      validUntil: subscription.subscriptionEndDate?.toISOString() ?? null,
      orderId,
    },
    at,
  );
}

/** A payment PhonePe reported failed: before the order is marked failed, so a failure is published again. */
export async function announceFailed(events: AccountEvents | undefined, order: OrderRecord, at: Date): Promise<void> {
  if (!events || !order.accountId) return;
  await events.publish(
    'payment.failed',
    order.merchantOrderId,
    accountOf(order, order.accountId),
    { orderId: order.merchantOrderId, plan: order.plan, billingPeriod: order.billingPeriod, amountPaise: order.amountPaise },
    at,
  );
}

/** A refund made, with its credit note: before the refund is marked completed. */
export async function announceRefunded(
  events: AccountEvents | undefined,
  order: OrderRecord & { accountId: string },
  refund: RefundRecord,
  creditNoteNumber: string | null,
  at: Date,
): Promise<void> {
  if (!events) return;
  await events.publish(
    'refund.completed',
    refund.merchantRefundId,
    accountOf(order, order.accountId),
    { refundId: refund.merchantRefundId, orderId: order.merchantOrderId, refundedPaise: refund.amountPaise, creditNoteNumber },
    at,
  );
}
