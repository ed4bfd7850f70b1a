import { formatPaise, paiseOf, REFUND_MESSAGES, type RefundRequest, paiseLeft } from '@portal/contracts';
import { badRequest, conflict, isDuplicateKeyError, notFound } from '@portal/platform/errors';
import { LOCK_KEYS } from '../../shared/lock-keys';
import type { RefundDeps } from './refund-deps';
import { submitRefund } from './refund-settlement';
import type { RefundRecord } from './ports';

/**
 * An admin's refund of a completed payment, at most what is left of it. It is stored as pending
 * before PhonePe is asked, under an id derived from the order (`<order>-R1`, `-R2`…), so a retry
 * asks PhonePe with the same id and cannot refund twice.
 */
export async function requestRefund(
  deps: RefundDeps,
  merchantOrderId: string,
  { amount, reason }: RefundRequest,
  adminEmail: string,
): Promise<RefundRecord> {
  const { orders, refunds } = deps;
  const refund = await deps.lock(LOCK_KEYS.order(merchantOrderId), async () => {
    const order = await orders.find(merchantOrderId);
    if (!order) throw notFound(REFUND_MESSAGES.unknownOrder);
    if (order.status !== 'completed') throw conflict(REFUND_MESSAGES.notCompleted);
    // PhonePe has no payment to refund; asked, it would refuse, after the refund was recorded
    if (order.method === 'bank_transfer') throw conflict(REFUND_MESSAGES.bankTransfer);
    if (order.refundPending) throw conflict(REFUND_MESSAGES.inFlight);
    const amountPaise = paiseOf(amount);
    const leftPaise = paiseLeft(order.amountPaise, order.refundedPaise, order.changeCreditedPaise);
    if (amountPaise > leftPaise) throw badRequest(REFUND_MESSAGES.tooMuch(formatPaise(leftPaise)));
    await assertCreditNoteBuyer(deps, merchantOrderId);
    const previous = await refunds.forOrders([merchantOrderId]);
    // the refund's id is unique in the store: a second request that got past a lost lock is refused there
    const created = await refunds
      .create({
        merchantRefundId: `${merchantOrderId}-R${previous.length + 1}`,
        merchantOrderId,
        accountId: order.accountId,
        amountPaise,
        reason,
        requestedBy: adminEmail,
      })
      .catch((error: unknown) => {
        throw isDuplicateKeyError(error) ? conflict(REFUND_MESSAGES.inFlight) : error;
      });
    await orders.update(merchantOrderId, { refundPending: true });
    return submitRefund(deps, created);
  });
  await deps.audit({
    actor: adminEmail,
    action: 'payment.refund_requested',
    target: { type: 'payment', id: merchantOrderId },
    after: { merchantRefundId: refund.merchantRefundId, amount, reason },
  });
  return refund;
}

/** CGST Rule 53(1A): the credit note of a buyer without a GSTIN shows their address and state. */
async function assertCreditNoteBuyer(deps: RefundDeps, merchantOrderId: string) {
  const invoice = await deps.invoices.findForOrder(merchantOrderId);
  if (!invoice || invoice.buyer.gstin || (invoice.buyer.address && invoice.buyer.stateCode)) return;
  if (!(await deps.profiles.find(invoice.accountId))) throw conflict(REFUND_MESSAGES.buyerDetailsMissing);
}
