import type { RefundDeps, RefundRecord } from './ports';
import { askBuyerForDetails } from './refund-details-request';
import { creditNoteLacksBuyer } from './refund-request';
import { paidBackByBank, submitRefund } from './refund-settlement';

const BATCH = 200;

/**
 * Makes a refund that waited for its buyer's billing details, once they are saved: it becomes
 * pending and goes to PhonePe (or, paid back by bank, completes) as if asked for now. Under the
 * order's lock, so a save and the reconciliation job cannot make it twice. False while it waits.
 */
async function release(deps: RefundDeps, waiting: RefundRecord): Promise<boolean> {
  return deps.lock('order', waiting.merchantOrderId, async () => {
    const refund = await deps.refunds.find(waiting.merchantRefundId);
    if (refund?.state !== 'awaiting_details' || (await creditNoteLacksBuyer(deps, refund.merchantOrderId))) return false;
    const pending = (await deps.refunds.update(refund.merchantRefundId, { state: 'pending' })) ?? { ...refund, state: 'pending' as const };
    await deps.orders.update(refund.merchantOrderId, { refundAwaitingDetails: false, refundPending: true });
    deps.logger.info({ merchantRefundId: refund.merchantRefundId }, 'billing details saved: the refund that waited for them is made');
    try {
      await (pending.bankUtr ? paidBackByBank(deps, pending) : submitRefund(deps, pending));
    } catch (error) {
      // PhonePe refused it: it is recorded as failed, and the admin sees so on the payment
      deps.logger.warn({ err: error, merchantRefundId: refund.merchantRefundId }, 'a refund that waited for billing details was refused');
    }
    return true;
  });
}

/** The refunds an account's buyer was waited on for, made now that their billing details are saved. */
export async function releaseForAccount(deps: RefundDeps, accountId: string): Promise<number> {
  let released = 0;
  for (const refund of await deps.refunds.awaitingDetails(accountId, BATCH)) if (await release(deps, refund)) released++;
  return released;
}

/**
 * The reconciliation job's part: every waiting refund whose buyer has saved their details since is
 * made (the save's own call may have stopped before it), and every other one's request to the
 * buyer is made sure of (its key sends it once).
 */
export async function reconcileAwaitingDetails(deps: RefundDeps): Promise<number> {
  let released = 0;
  for (const refund of await deps.refunds.awaitingDetails(null, BATCH)) {
    if (await release(deps, refund)) {
      released++;
      continue;
    }
    const order = await deps.orders.find(refund.merchantOrderId);
    if (order) await askBuyerForDetails(deps, refund, order);
  }
  return released;
}
