import { REFUND_MESSAGES, sumPaise } from '@portal/contracts';
import { badRequest } from '@portal/platform/errors';
import { clockFrom } from '@portal/platform/clock';
import { draftCreditNote, issueCreditNote } from '../../tax-documents';
import { announceRefunded } from './payment-events';
import { type RefundDeps, paidFor, type RefundGateway, type RefundRecord } from './ports';
import { sendRefundNotice } from './refund-notice';

/** Asks PhonePe where a pending refund stands and applies the answer, once, under the order's lock. */
export async function settleRefund(deps: RefundDeps, merchantRefundId: string): Promise<RefundRecord | null> {
  const { refunds } = deps;
  const known = await refunds.find(merchantRefundId);
  if (!known) {
    deps.logger.warn({ merchantRefundId }, 'settlement asked for a refund we do not know');
    return null;
  }
  return deps.lock('order', known.merchantOrderId, async () => {
    const refund = (await refunds.find(merchantRefundId))!;
    if (refund.state !== 'pending') {
      await syncOrder(deps, refund.merchantOrderId); // in case the last settlement stopped before it
      return refund;
    }
    const remote = await deps.gateway.refundStatus(merchantRefundId);
    if (!remote) return submitRefund(deps, refund); // our request never reached PhonePe: ask again, same id
    if (remote.state === 'COMPLETED') await complete(deps, refund, remote.refundId);
    else if (remote.state === 'FAILED') await fail(deps, refund);
    return refunds.find(merchantRefundId);
  });
}

/**
 * Asks PhonePe to make the refund. A refusal fails it (nothing was refunded); a gateway that
 * cannot be reached leaves it pending, and reconciliation asks again under the same id.
 */
export async function submitRefund(deps: RefundDeps, refund: RefundRecord): Promise<RefundRecord> {
  let accepted: Awaited<ReturnType<RefundGateway['refund']>>;
  try {
    accepted = await deps.gateway.refund({
      merchantRefundId: refund.merchantRefundId,
      merchantOrderId: refund.merchantOrderId,
      amountPaise: refund.amountPaise,
    });
  } catch (error) {
    deps.logger.warn(
      { err: error, merchantRefundId: refund.merchantRefundId },
      'refund not yet accepted by PhonePe; reconciliation will ask again',
    );
    return refund;
  }
  if (!accepted) {
    await fail(deps, refund);
    throw badRequest(REFUND_MESSAGES.failed);
  }
  return (await deps.refunds.update(refund.merchantRefundId, { phonepeRefundId: accepted.refundId })) ?? refund;
}

/** A bank transfer's refund, paid back by bank before it is recorded: completed at once, with its credit note. */
export async function paidBackByBank(deps: RefundDeps, refund: RefundRecord): Promise<RefundRecord> {
  await complete(deps, refund, null);
  return (await deps.refunds.find(refund.merchantRefundId)) ?? refund;
}

async function fail(deps: RefundDeps, refund: RefundRecord) {
  await deps.refunds.update(refund.merchantRefundId, { state: 'failed', settledAt: clockFrom(deps)() });
  await syncOrder(deps, refund.merchantOrderId);
}

/**
 * The order's refund fields, derived again from its refunds (so a retry or a duplicate webhook
 * cannot count one twice); once the whole amount is back, the plan it bought ends.
 */
async function syncOrder(deps: RefundDeps, merchantOrderId: string) {
  const all = await deps.refunds.forOrders([merchantOrderId]);
  const refundedPaise = sumPaise(all.filter((refund) => refund.state === 'completed').map((refund) => refund.amountPaise));
  const order = await deps.orders.update(merchantOrderId, {
    refundedPaise,
    refundPending: all.some((refund) => refund.state === 'pending'),
    refundAwaitingDetails: all.some((refund) => refund.state === 'awaiting_details'),
  });
  if (order?.accountId && refundedPaise > 0 && refundedPaise + order.changeCreditedPaise >= paidFor(order)) {
    if (order.pcPack) await deps.pcPacks.removeRefunded(merchantOrderId);
    else await deps.ledger.removeRefunded(order.accountId, merchantOrderId);
    await deps.onRefundedInFull?.(order);
  }
}

/** The order's invoice is credited for the refund, by a credit note issued before the refund is marked done. */
async function complete(deps: RefundDeps, refund: RefundRecord, phonepeRefundId: string | null) {
  const now = clockFrom(deps);
  const invoice = await deps.invoices.findForOrder(refund.merchantOrderId);
  let creditNote: string | null = null;
  if (invoice) {
    const draft = draftCreditNote(invoice, { ...refund, phonepeRefundId }, now(), await deps.profiles.find(invoice.accountId));
    creditNote = (await issueCreditNote(deps.lock, deps.seller, deps.creditNotes, draft)).number;
  } else {
    deps.logger.error({ merchantRefundId: refund.merchantRefundId }, 'refunded order has no invoice, so no credit note was issued');
  }
  await announceRefund(deps, refund, now(), creditNote);
  await deps.refunds.update(refund.merchantRefundId, { state: 'completed', settledAt: now(), phonepeRefundId });
  await syncOrder(deps, refund.merchantOrderId);
  if (invoice) void sendRefundNotice(deps, refund);
}

/**
 * A refund of a paid order, for partners' commission and the integrators' webhooks: before the
 * refund is marked completed, so a failure is published again.
 */
async function announceRefund(deps: RefundDeps, refund: RefundRecord, at: Date, creditNote: string | null) {
  const order = await deps.orders.find(refund.merchantOrderId);
  if (!order?.accountId) return;
  await announceRefunded(deps.events, { ...order, accountId: order.accountId }, refund, creditNote, at);
  if (!deps.sales) return;
  await deps.sales.refunded({
    merchantRefundId: refund.merchantRefundId,
    merchantOrderId: refund.merchantOrderId,
    accountId: order.accountId,
    refundedPaise: refund.amountPaise,
    paidPaise: paidFor(order),
    refundedAt: at.toISOString(),
  });
}
