import type { CommissionKind } from '@portal/contracts';
import { ORDER_PAID, ORDER_REFUNDED, type OrderPaidEvent, type OrderRefundedEvent } from '@portal/contracts/internal';
import type { EventPublisher } from '@portal/platform';
import type { FirmDirectory } from '../../shared/ports';
import type { OrderRecord, OrderStore } from './ports';

/** What a paid order was for its account: an upgrade, a renewal of something paid before, or new. */
export async function saleKind(
  orders: Pick<OrderStore, 'paidBefore'>,
  order: OrderRecord & { accountId: string },
): Promise<CommissionKind> {
  // more PCs for a plan bought already: an add-on, which partners are paid for at the upgrade's rate
  if (order.change || order.pcPack) return 'upgrade';
  if (order.renewal || (await orders.paidBefore(order.accountId, order.merchantOrderId, order.completedAt ?? order.createdAt))) {
    return 'renewal';
  }
  return 'new';
}

export interface SaleEvents {
  paid(event: Omit<OrderPaidEvent, 'firmOwnerId'>): Promise<void>;
  refunded(event: OrderRefundedEvent): Promise<void>;
}

/**
 * Paid orders and refunds, published for whoever sells on commission (the partners service).
 * Each is published before the order is marked credited or the refund completed, and a failure
 * throws: the settlement stops there and is run again by reconciliation, which publishes again.
 */
export function saleEvents(publisher: Pick<EventPublisher, 'publish'>, firms: Pick<FirmDirectory, 'ownerOf'>): SaleEvents {
  const publish = async (name: string, event: object) => {
    if (!(await publisher.publish(name, event))) throw new Error(`${name} could not be queued; the settlement is tried again`);
  };
  return {
    // a firm's order earns for its owner's partner
    paid: async (event) => publish(ORDER_PAID, { ...event, firmOwnerId: event.firmId ? await firms.ownerOf(event.firmId) : null }),
    refunded: (event) => publish(ORDER_REFUNDED, event),
  };
}
