import { clockFrom } from '@portal/platform/clock';
import { settleOrder } from './order-settlement';
import { returnPage, type PaymentDeps } from './ports';

/**
 * Orders paid through PhonePe's checkout, once placed at the server's price (order-placement.ts):
 * settling one from PhonePe's own answer (order-settlement.ts) and crediting it once (order-credit.ts).
 */
export function paymentUseCases(deps: PaymentDeps) {
  const { orders, logger } = deps;
  const now = clockFrom(deps);
  const settle = (merchantOrderId: string) => settleOrder(deps, merchantOrderId);

  return {
    settle,

    /** Where the browser lands after PhonePe's page: settle now, then the page that says how it went. */
    async handleReturn(merchantOrderId: string): Promise<string> {
      try {
        const order = await settle(merchantOrderId);
        if (!order) return returnPage(null, 'failed');
        return returnPage(order, order.status === 'completed' ? 'success' : order.status === 'pending' ? 'pending' : 'failed');
      } catch (error) {
        logger.warn({ err: error, merchantOrderId }, 'order could not be settled on return; reconciliation will retry');
        return returnPage(await orders.find(merchantOrderId).catch(() => null), 'pending');
      }
    },

    /** Settles what the webhooks missed: old pending orders and completed ones not yet credited. */
    async reconcile(olderThanMs: number): Promise<number> {
      const at = now();
      const due = await orders.needingReconciliation(new Date(at.getTime() - olderThanMs), at, 200);
      let settled = 0;
      for (const order of due) {
        try {
          const after = await settle(order.merchantOrderId);
          if (after && (after.status !== 'pending' || after.credited)) settled++;
        } catch (error) {
          logger.warn({ err: error, merchantOrderId: order.merchantOrderId }, 'reconciliation of an order failed; will retry');
        }
      }
      return settled;
    },
  };
}
