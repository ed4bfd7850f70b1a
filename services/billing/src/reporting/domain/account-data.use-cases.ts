import type { BillingProfile, DeviceView } from '@portal/contracts';
import type { BillingAccountData } from '@portal/contracts/internal';
import type { MandateStore, OrderStore } from '../../payments';
import type { PeriodStore } from '../../subscriptions';
import type { invoiceUseCases } from '../../tax-documents';

export interface AccountDataDeps {
  profiles: { find(accountId: string): Promise<BillingProfile | null> };
  periods: Pick<PeriodStore, 'forUser'>;
  orders: Pick<OrderStore, 'forUser'>;
  mandates: Pick<MandateStore, 'forUser'>;
  invoices: Pick<ReturnType<typeof invoiceUseCases>, 'forUser'>;
  devices: (userId: string) => Promise<DeviceView[]>;
}

/** Orders a person's data lists: a customer makes one or a few a year. */
const ORDERS_KEPT = 1000;

/** What billing holds of one person (their own account, not a firm's), for the download of their data. */
export function accountDataUseCases(deps: AccountDataDeps) {
  return {
    async of(userId: string): Promise<BillingAccountData> {
      const [billingDetails, periods, orders, mandates, documents, devices] = await Promise.all([
        deps.profiles.find(userId),
        deps.periods.forUser(userId),
        deps.orders.forUser(userId, ORDERS_KEPT),
        deps.mandates.forUser(userId),
        deps.invoices.forUser(userId),
        deps.devices(userId),
      ]);
      return {
        billingDetails,
        subscriptionPeriods: periods.map((period) => ({
          plan: period.plan,
          billingPeriod: period.billingPeriod,
          from: period.from.toISOString(),
          to: period.to?.toISOString() ?? null,
          state: period.state,
          pricePaise: period.pricePaise,
          merchantOrderId: period.merchantOrderId,
        })),
        payments: orders.map((order) => ({
          merchantOrderId: order.merchantOrderId,
          createdAt: order.createdAt.toISOString(),
          plan: order.plan,
          billingPeriod: order.billingPeriod,
          amountPaise: order.amountPaise,
          status: order.status,
          invoiceNumber: order.invoiceNumber,
        })),
        creditNotes: documents.creditNotes.map((note) => ({
          number: note.number,
          issuedAt: note.issuedAt.toISOString(),
          merchantOrderId: note.merchantOrderId,
          totalPaise: note.totalPaise,
          reason: note.reason,
        })),
        mandates: mandates.map((mandate) => ({
          merchantSubscriptionId: mandate.merchantSubscriptionId,
          plan: mandate.plan,
          billingPeriod: mandate.billingPeriod,
          amountPaise: mandate.amountPaise,
          state: mandate.state,
          createdAt: mandate.createdAt.toISOString(),
        })),
        devices,
      };
    },
  };
}
