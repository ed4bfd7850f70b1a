import type { Paise } from '@portal/contracts';
import type { Lock } from '../../shared/ports';
import type { PeriodStore, PlanStore, SubscriptionStore } from './ports';

/** The invoice of an order credited before periods were recorded: its value and the service it described. */
export interface LegacyInvoices {
  findForOrder(merchantOrderId: string): Promise<{ totalPaise: Paise; periodFrom: Date; periodTo: Date } | null>;
}

export interface LedgerDeps {
  subscriptions: SubscriptionStore;
  periods: PeriodStore;
  plans: PlanStore;
  legacyInvoices: LegacyInvoices;
  lock: Lock;
  now?: () => Date;
}
