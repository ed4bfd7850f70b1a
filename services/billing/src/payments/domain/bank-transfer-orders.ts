import { BANK_TRANSFER_MESSAGES, formatIndianDate, paiseLeft, type BillingPeriod, type Paise, type PricedPlan } from '@portal/contracts';
import { conflict, notFound } from '@portal/platform/errors';
import { clockFrom } from '@portal/platform/clock';
import type { BillingAccount } from '../../shared/ports';
import { creditOrder } from './order-credit';
import { recordPricedOrder, type TransferOptions } from './order-placement';
import { type PaymentDeps, dueByTransfer, type OrderRecord } from './ports';

/** What a credit did to its order: paid it (with what it paid over), or added to what it has received. */
export type TransferOutcome = { order: OrderRecord; outcome: 'paid' | 'part_paid'; excessPaise: Paise };

/**
 * Orders paid by bank transfer against a pro-forma: priced and held as a checkout
 * is, but for the pro-forma's validity, and paid by the credits a finance admin records; the one
 * that completes the amount due credits the order as PhonePe's confirmation does, once.
 */
export function bankTransferOrders(deps: PaymentDeps) {
  const now = clockFrom(deps);
  return {
    place: (
      account: BillingAccount,
      plan: PricedPlan,
      billingPeriod: BillingPeriod,
      options: { seats?: number; taxYears?: number | undefined; promotionCode?: string | undefined; transfer: TransferOptions },
    ) => recordPricedOrder(deps, account, plan, billingPeriod, options).then(({ order }) => order),

    /** The pro-forma issued for the order, which the buyer quotes when paying. */
    nameProforma: (merchantOrderId: string, proformaNumber: string, reference: string) =>
      deps.lock('order', merchantOrderId, async () => {
        const order = await deps.orders.find(merchantOrderId);
        if (!order?.bankTransfer) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
        return deps.orders.update(merchantOrderId, { bankTransfer: { ...order.bankTransfer, proformaNumber, reference } });
      }),

    /**
     * A credit against the order of this reference, under the order's lock so that two credits
     * at once add up and only the one that completes the amount credits it. A pro-forma past its
     * validity takes a credit only when it has received part already.
     */
    async receive(reference: string, amountPaise: Paise): Promise<TransferOutcome> {
      const found = await deps.orders.findByReference(reference);
      if (!found?.bankTransfer) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
      const { merchantOrderId } = found;
      const result = await deps.lock('order', merchantOrderId, async (): Promise<TransferOutcome> => {
        const order = await deps.orders.find(merchantOrderId);
        const terms = order?.bankTransfer;
        if (!order || !terms) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
        if (order.status === 'completed') throw conflict(BANK_TRANSFER_MESSAGES.settled);
        const at = now();
        const lapsed = order.status !== 'pending' || (terms.receivedPaise === 0 && order.expireAt.getTime() <= at.getTime());
        if (lapsed) throw conflict(BANK_TRANSFER_MESSAGES.expired(formatIndianDate(order.expireAt)));
        const receivedPaise = (terms.receivedPaise + amountPaise) as Paise;
        const due = dueByTransfer(order);
        if (receivedPaise < due) {
          const waiting = await deps.orders.update(merchantOrderId, { bankTransfer: { ...terms, receivedPaise } });
          return { order: waiting ?? order, outcome: 'part_paid', excessPaise: 0 as Paise };
        }
        const paid = await deps.orders.update(merchantOrderId, {
          status: 'completed',
          completedAt: at,
          bankTransfer: { ...terms, receivedPaise },
        });
        if (!paid) throw notFound(BANK_TRANSFER_MESSAGES.notFound);
        const credited = await creditOrder(deps, paid);
        return { order: credited ?? paid, outcome: 'paid', excessPaise: paiseLeft(receivedPaise, due) };
      });
      if (result.outcome === 'paid') await deps.onSettled?.(result.order);
      return result;
    },

    openOrders: (limit: number) => deps.orders.openBankTransfers(limit),
    findByReference: (reference: string) => deps.orders.findByReference(reference),
    forUser: (accountId: string, limit: number) => deps.orders.bankTransfersOf(accountId, limit),
  };
}

/**
 * A pro-forma's order past its validity with nothing received ends as a checkout does, letting go
 * of its code (onSettled); PhonePe is never asked about it.
 */
export async function lapseTransfer(deps: PaymentDeps, order: OrderRecord): Promise<OrderRecord | null> {
  const unpaid = order.bankTransfer?.receivedPaise === 0;
  if (unpaid && order.expireAt.getTime() <= clockFrom(deps)().getTime()) {
    return deps.orders.update(order.merchantOrderId, { status: 'expired' });
  }
  return order;
}
