import { rupeesOf, type PaymentRefunds, type RefundRequest } from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import type { RefundDeps, RefundRecord } from './ports';
import { reconcileAwaitingDetails, releaseForAccount } from './refund-awaiting-details';
import { requestRefund } from './refund-request';
import { settleRefund } from './refund-settlement';
import { toRefundView } from './refund-view';

/**
 * Refunds of completed payments through PhonePe's refund API, and their credit notes: an admin's
 * request (refund-request.ts), one that waits for the buyer's billing details
 * (refund-awaiting-details.ts), its settlement from PhonePe's answer (refund-settlement.ts) and
 * the customer's notice (refund-notice.ts).
 */
export function refundUseCases(deps: RefundDeps) {
  const now = clockFrom(deps);
  const settle = (merchantRefundId: string) => settleRefund(deps, merchantRefundId);

  return {
    settle,

    request: (merchantOrderId: string, body: RefundRequest, adminEmail: string): Promise<RefundRecord> =>
      requestRefund(deps, merchantOrderId, body, adminEmail),

    /**
     * The refunds that waited for this account's billing details, made once they are saved. A
     * failure here leaves them to the reconciliation job: the save itself stands.
     */
    detailsSaved: (accountId: string): Promise<number> =>
      releaseForAccount(deps, accountId).catch((error: unknown) => {
        deps.logger.warn({ err: error, accountId }, 'refunds waiting for billing details not made yet; reconciliation will');
        return 0;
      }),

    /** The payment's refunds, oldest first, each with its credit note once issued. */
    async views(merchantOrderId: string): Promise<PaymentRefunds> {
      const [found, order] = await Promise.all([deps.refunds.forOrders([merchantOrderId]), deps.orders.find(merchantOrderId)]);
      const refunds = await Promise.all(
        found.map(async (refund) => toRefundView(refund, await deps.creditNotes.findForRefund(refund.merchantRefundId))),
      );
      const unused = !order?.accountId
        ? null
        : order.pcPack
          ? await deps.pcPacks.unusedOf(merchantOrderId, now())
          : await deps.ledger.unusedOf(order.accountId, merchantOrderId, now());
      return { refunds, unused: unused && { amount: rupeesOf(unused.paise), days: unused.days, ofDays: unused.ofDays } };
    },

    /**
     * Settles refunds still pending after `olderThanMs` (the webhook may never have come), and
     * makes those that waited for billing details saved since.
     */
    async reconcile(olderThanMs: number): Promise<number> {
      let settled = await reconcileAwaitingDetails(deps);
      for (const refund of await deps.refunds.pending(new Date(now().getTime() - olderThanMs), 200)) {
        try {
          if ((await settle(refund.merchantRefundId))?.state !== 'pending') settled++;
        } catch (error) {
          deps.logger.warn({ err: error, merchantRefundId: refund.merchantRefundId }, 'reconciliation of a refund failed; will retry');
        }
      }
      return settled;
    },
  };
}
