import { clockFrom } from '@portal/platform/clock';
import { announceFailed } from './payment-events';
import { lapseTransfer } from './bank-transfer-orders';
import { creditOrder } from './order-credit';
import type { PaymentDeps, OrderRecord } from './ports';

/**
 * Asks PhonePe for the order's state and applies it, once: the browser's return and the
 * webhook only say "look again"; neither is trusted for the outcome or the amount.
 */
export async function settleOrder(deps: PaymentDeps, merchantOrderId: string): Promise<OrderRecord | null> {
  const { orders, logger } = deps;
  let left = false;
  const settled = await deps.lock('order', merchantOrderId, async () => {
    const order = await orders.find(merchantOrderId);
    if (!order) {
      logger.warn({ merchantOrderId }, 'settlement asked for an order we do not know');
      return null;
    }
    if (order.status === 'completed' && !order.credited) return creditOrder(deps, order);
    if (order.status !== 'pending') return order;
    const after = order.method === 'bank_transfer' ? await lapseTransfer(deps, order) : await applyRemoteState(deps, order);
    left = after?.status !== 'pending';
    return after;
  });
  if (left && settled && deps.onSettled) await deps.onSettled(settled);
  return settled;
}

/** A pending order as PhonePe reports it: paid (at its amount, then credited), failed, expired, or still pending. */
async function applyRemoteState(deps: PaymentDeps, order: OrderRecord): Promise<OrderRecord | null> {
  const { orders, gateway } = deps;
  const { merchantOrderId } = order;
  const now = clockFrom(deps)();
  // a renewal's debit is a redemption of its mandate, with its own status call
  const remote =
    order.mandate?.role === 'renewal' ? await gateway.redemptionStatus(merchantOrderId) : await gateway.orderStatus(merchantOrderId);
  if (!remote) return order;
  if (remote.state === 'COMPLETED') {
    if (remote.amount !== order.amountPaise) {
      deps.onAmountMismatch();
      deps.logger.error(
        { alert: 'payment_amount_mismatch', merchantOrderId, expectedPaise: order.amountPaise, reportedPaise: remote.amount },
        'ALERT: paid amount does not match the order; not credited',
      );
      return orders.update(merchantOrderId, { status: 'amount_mismatch', phonepeOrderId: remote.orderId });
    }
    const attempt = remote.paymentDetails.find((detail) => detail.state === 'COMPLETED');
    const completed = await orders.update(merchantOrderId, {
      status: 'completed',
      phonepeOrderId: remote.orderId,
      phonePeTransactionId: attempt?.transactionId ?? null,
      completedAt: now,
    });
    return completed && creditOrder(deps, completed);
  }
  if (remote.state === 'FAILED') {
    await announceFailed(deps.events, order, now);
    return orders.update(merchantOrderId, { status: 'failed', phonepeOrderId: remote.orderId });
  }
  if (order.expireAt.getTime() <= now.getTime()) return orders.update(merchantOrderId, { status: 'expired' });
  return order;
}
