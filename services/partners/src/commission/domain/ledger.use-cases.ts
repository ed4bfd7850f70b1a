import {
  asPaise,
  commissionOn,
  commissionTakenBack,
  rupeesOf,
  type CommissionKind,
  type LedgerLineView,
  type PartnerTier,
} from '@portal/contracts';
import type { OrderPaidEvent, OrderRefundedEvent } from '@portal/contracts/internal';
import type { Logger } from '@portal/platform';
import { monthOf } from './months';
import type { LedgerLine, LedgerStore } from './ports';

export interface LedgerDeps {
  ledger: LedgerStore;
  /** The customer's partner now, and their e-mail as the partner knows it (attribution). */
  customerOf(userId: string): Promise<{ partnerId: string; email: string } | null>;
  /** The partner's tier while it is active; null once suspended or gone (partners). */
  activeTier(partnerId: string): Promise<PartnerTier | null>;
  rateFor(tier: PartnerTier, kind: CommissionKind): Promise<number>;
  logger: Logger;
}

const lineView = (line: LedgerLine): LedgerLineView => ({
  id: line.id,
  at: line.at.toISOString(),
  month: line.month,
  customerEmail: line.customerEmail,
  merchantOrderId: line.merchantOrderId,
  kind: line.kind,
  base: rupeesOf(line.basePaise),
  ratePercent: line.ratePercent,
  commission: rupeesOf(line.commissionPaise),
});

/**
 * The commission ledger, fed by billing's events: a line for each paid order of a partner's
 * customer at the tier's rate for its kind, and a negative line for each refund of such an order
 * in proportion to it, whenever it comes, and to the partner who earned the order's.
 */
export function ledgerUseCases({ ledger, customerOf, activeTier, rateFor, logger }: LedgerDeps) {
  return {
    async onPaid(event: OrderPaidEvent) {
      // a firm's order is its owner's to the partner
      const person = event.firmId ? event.firmOwnerId : event.accountId;
      const customer = person ? await customerOf(person) : null;
      if (!person || !customer) return;
      const tier = await activeTier(customer.partnerId);
      if (!tier) return;
      const ratePercent = await rateFor(tier, event.kind);
      const at = new Date(event.paidAt);
      const taxable = asPaise(event.taxablePaise);
      await ledger.record({
        id: `order:${event.merchantOrderId}`,
        partnerId: customer.partnerId,
        customerId: person,
        customerEmail: customer.email,
        merchantOrderId: event.merchantOrderId,
        kind: event.kind,
        basePaise: taxable,
        ratePercent,
        commissionPaise: commissionOn(taxable, ratePercent),
        paidPaise: asPaise(event.amountPaise),
        at,
        month: monthOf(at),
        statement: null,
      });
    },

    async onRefunded(event: OrderRefundedEvent) {
      const earned = await ledger.find(`order:${event.merchantOrderId}`);
      if (!earned) return; // no partner earned on this order
      if (earned.commissionPaise === 0) return;
      const at = new Date(event.refundedAt);
      const recorded = await ledger.record({
        id: `refund:${event.merchantRefundId}`,
        partnerId: earned.partnerId,
        customerId: earned.customerId,
        customerEmail: earned.customerEmail,
        merchantOrderId: event.merchantOrderId,
        kind: 'refund',
        basePaise: asPaise(event.refundedPaise),
        ratePercent: null,
        commissionPaise: commissionTakenBack(earned.commissionPaise, asPaise(event.refundedPaise), asPaise(event.paidPaise)),
        paidPaise: asPaise(event.paidPaise),
        at,
        month: monthOf(at),
        statement: null,
      });
      if (recorded)
        logger.info({ partnerId: earned.partnerId, merchantRefundId: event.merchantRefundId }, 'commission taken back for a refund');
    },

    lines: async (partnerId: string) => (await ledger.forPartner(partnerId, 500)).map(lineView),
    detachUser: (userId: string) => ledger.detachUser(userId),
  };
}
