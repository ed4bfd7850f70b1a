import { formatPaise, paiseOf, REFUND_MESSAGES, type RefundRequest, paiseLeft } from '@portal/contracts';
import { badRequest, conflict, isDuplicateKeyError, notFound } from '@portal/platform/errors';
import { type RefundDeps, paidFor, type RefundRecord } from './ports';
import { askBuyerForDetails } from './refund-details-request';
import { paidBackByBank, submitRefund } from './refund-settlement';

/**
 * An admin's refund of a completed payment, at most what is left of it. It is stored as pending
 * before PhonePe is asked, under an id derived from the order (`<order>-R1`, `-R2`…), so a retry
 * asks PhonePe with the same id and cannot refund twice. When its credit note cannot yet show the
 * buyer's address, the admin may let it wait: the buyer is asked for their billing details, and
 * the refund is made once they are saved (refund-awaiting-details.ts).
 */
export async function requestRefund(
  deps: RefundDeps,
  merchantOrderId: string,
  { amount, reason, utr, askBuyer }: RefundRequest,
  adminEmail: string,
): Promise<RefundRecord> {
  const { orders, refunds } = deps;
  const refund = await deps.lock('order', merchantOrderId, async () => {
    const order = await orders.find(merchantOrderId);
    if (!order) throw notFound(REFUND_MESSAGES.unknownOrder);
    if (order.status !== 'completed') throw conflict(REFUND_MESSAGES.notCompleted);
    // PhonePe has no such payment to refund: a bank transfer is paid back by bank, and recorded with its UTR
    const byBank = order.method === 'bank_transfer';
    if (byBank && !utr) throw badRequest(REFUND_MESSAGES.bankTransfer);
    if (!byBank && utr) throw badRequest(REFUND_MESSAGES.utrOnlyForBank);
    if (order.refundPending || order.refundAwaitingDetails) throw conflict(REFUND_MESSAGES.inFlight);
    const amountPaise = paiseOf(amount);
    const leftPaise = paiseLeft(paidFor(order), order.refundedPaise, order.changeCreditedPaise);
    if (amountPaise > leftPaise) throw badRequest(REFUND_MESSAGES.tooMuch(formatPaise(leftPaise)));
    const awaitingDetails = await creditNoteLacksBuyer(deps, merchantOrderId);
    // a buyer whose account is gone cannot be asked
    if (awaitingDetails && !(askBuyer && order.accountId)) throw conflict(REFUND_MESSAGES.buyerDetailsMissing);
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
        ...(awaitingDetails && { state: 'awaiting_details' as const }),
      })
      .catch((error: unknown) => {
        throw isDuplicateKeyError(error) ? conflict(REFUND_MESSAGES.inFlight) : error;
      });
    if (awaitingDetails) {
      await orders.update(merchantOrderId, { refundAwaitingDetails: true });
      await askBuyerForDetails(deps, created, order);
      return created;
    }
    await orders.update(merchantOrderId, { refundPending: true });
    return byBank ? paidBackByBank(deps, created) : submitRefund(deps, created);
  });
  await deps.audit({
    actor: adminEmail,
    action: 'payment.refund_requested',
    target: { type: 'payment', id: merchantOrderId },
    after: {
      merchantRefundId: refund.merchantRefundId,
      amount,
      reason,
      ...(utr && { utr }),
      ...(refund.state === 'awaiting_details' && { awaitingBuyerDetails: true }),
    },
  });
  return refund;
}

/**
 * CGST Rule 53(1A): the credit note of a buyer without a GSTIN shows their address and state,
 * from the invoice or from the billing details saved since.
 */
export async function creditNoteLacksBuyer(deps: Pick<RefundDeps, 'invoices' | 'profiles'>, merchantOrderId: string): Promise<boolean> {
  const invoice = await deps.invoices.findForOrder(merchantOrderId);
  if (!invoice || invoice.buyer.gstin || (invoice.buyer.address && invoice.buyer.stateCode)) return false;
  return !(await deps.profiles.find(invoice.accountId));
}
