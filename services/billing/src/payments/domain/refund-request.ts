import { formatPaise, paiseOf, REFUND_MESSAGES, type RefundRequest, paiseLeft } from '@portal/contracts';
import { badRequest, conflict, isDuplicateKeyError, notFound } from '@portal/platform/errors';
import { LOCK_KEYS } from '../../shared/lock-keys';
import type { RefundDeps } from './refund-deps';
import { paidBackByBank, submitRefund } from './refund-settlement';
import { paidFor, type RefundRecord } from './ports';

/**
 * An admin's refund of a completed payment, at most what is left of it. It is stored as pending
 * before PhonePe is asked, under an id derived from the order (`<order>-R1`, `-R2`…), so a retry
 * asks PhonePe with the same id and cannot refund twice.
 */
export async function requestRefund(
  deps: RefundDeps,
  merchantOrderId: string,
  { amount, reason, utr }: RefundRequest,
  adminEmail: string,
): Promise<RefundRecord> {
  const { orders, refunds } = deps;
  const refund = await deps.lock(LOCK_KEYS.order(merchantOrderId), async () => {
    const order = await orders.find(merchantOrderId);
    if (!order) throw notFound(REFUND_MESSAGES.unknownOrder);
    if (order.status !== 'completed') throw conflict(REFUND_MESSAGES.notCompleted);
    // PhonePe has no such payment to refund: a bank transfer is paid back by bank, and recorded with its UTR
    const byBank = order.method === 'bank_transfer';
    if (byBank && !utr) throw badRequest(REFUND_MESSAGES.bankTransfer);
    if (!byBank && utr) throw badRequest(REFUND_MESSAGES.utrOnlyForBank);
    if (order.refundPending) throw conflict(REFUND_MESSAGES.inFlight);
    const amountPaise = paiseOf(amount);
    const leftPaise = paiseLeft(paidFor(order), order.refundedPaise, order.changeCreditedPaise);
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
        ...(byBank && { bankUtr: utr }),
      })
      .catch((error: unknown) => {
        throw isDuplicateKeyError(error) ? conflict(REFUND_MESSAGES.inFlight) : error;
      });
    await orders.update(merchantOrderId, { refundPending: true });
    return byBank ? paidBackByBank(deps, created) : submitRefund(deps, created);
  });
  await deps.audit({
    actor: adminEmail,
    action: 'payment.refund_requested',
    target: { type: 'payment', id: merchantOrderId },
    after: { merchantRefundId: refund.merchantRefundId, amount, reason, ...(utr && { utr }) },
  });
  return refund;
}

/** CGST Rule 53(1A): the credit note of a buyer without a GSTIN shows their address and state. */
async function assertCreditNoteBuyer(deps: RefundDeps, merchantOrderId: string) {
  const invoice = await deps.invoices.findForOrder(merchantOrderId);
  if (!invoice || invoice.buyer.gstin || (invoice.buyer.address && invoice.buyer.stateCode)) return;
  if (!(await deps.profiles.find(invoice.accountId))) throw conflict(REFUND_MESSAGES.buyerDetailsMissing);
}
