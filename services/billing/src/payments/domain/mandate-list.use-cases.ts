import { rupeesOf } from '@portal/contracts';
import type { AdminMandateRow, AdminMandatesQuery, AdminMandatesResponse } from '@portal/contracts';
import type { MandateRecord, MandateStore, OrderRecord, OrderStore } from './ports';

export interface MandateListDeps {
  mandates: Pick<MandateStore, 'list'>;
  orders: Pick<OrderStore, 'forMandates'>;
}

function toRow(mandate: MandateRecord, lastDebit: OrderRecord | undefined): AdminMandateRow {
  return {
    mandateReference: mandate.merchantSubscriptionId,
    userId: mandate.accountId,
    userEmail: mandate.userEmail,
    plan: mandate.plan,
    billingPeriod: mandate.billingPeriod,
    amount: rupeesOf(mandate.amountPaise),
    state: mandate.state,
    endedReason: mandate.endedReason,
    setUpAt: mandate.createdAt.toISOString(),
    updatedAt: mandate.updatedAt.toISOString(),
    lastDebit: lastDebit
      ? { at: lastDebit.createdAt.toISOString(), amount: rupeesOf(lastDebit.amountPaise), status: lastDebit.status }
      : null,
  };
}

/** The admin's mandates view: every UPI Autopay mandate with its state and its latest debit. */
export function mandateListUseCases({ mandates, orders }: MandateListDeps) {
  return {
    async list({ state, page, limit }: AdminMandatesQuery): Promise<AdminMandatesResponse> {
      const { rows, total } = await mandates.list((page - 1) * limit, limit, state);
      const debits = await orders.forMandates(rows.map((mandate) => mandate.merchantSubscriptionId));
      const lastDebitOf = new Map<string, OrderRecord>();
      // newest first: the first renewal seen for a mandate is its latest
      for (const order of debits)
        if (order.mandate?.role === 'renewal' && !lastDebitOf.has(order.mandate.merchantSubscriptionId))
          lastDebitOf.set(order.mandate.merchantSubscriptionId, order);
      return { mandates: rows.map((mandate) => toRow(mandate, lastDebitOf.get(mandate.merchantSubscriptionId))), total, page, limit };
    },
  };
}
