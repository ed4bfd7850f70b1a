import type { DeviceView } from '@portal/contracts';
import type { MandateStore, OrderStore, RefundStore } from '../payments';
import type { FirmEntitlement, PeriodStore, ShownSubscriptions, subscriptionLedger, SubscriptionStore } from '../subscriptions';
import type { invoiceUseCases } from '../tax-documents';
import type { BillingKit } from '../shared/billing-kit';
import type { BillingProfileStore } from '../shared/ports';
import { accountDataUseCases } from './domain/account-data.use-cases';
import { customerTimelineUseCases } from './domain/customer-timeline.use-cases';
import { reportingUseCases } from './domain/reporting.use-cases';
import { customerTimelineRoutes } from './routes/customer-timeline.routes';
import { internalRoutes } from './routes/internal.routes';

/** Everything reporting reads, from every capability below it. */
export interface ReportingBelow {
  subscriptions: SubscriptionStore & ShownSubscriptions;
  periods: PeriodStore;
  firmPlanOf: FirmEntitlement;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'deleteUser'>;
  orders: OrderStore;
  mandates: MandateStore;
  refunds: RefundStore;
  invoices: ReturnType<typeof invoiceUseCases>;
  billingProfiles: BillingProfileStore;
  /** Invoices, credit notes, refunds, pro-formas, receipts, TDS and referrals: kept for the tax records. */
  documents: { detachUser(userId: string): Promise<number> }[];
  devices: (userId: string) => Promise<DeviceView[]>;
  deleteDevicesOf: (userId: string) => Promise<void>;
}

/**
 * Reporting wires itself above every other capability: what admin-reporting and download read
 * through /internal/*, a person's data, the admin's customer timeline, and a deleted user's removal.
 */
export function wireReporting({ config, claims, lock, now, verifyToken }: BillingKit, below: ReportingBelow) {
  const { subscriptions, periods, orders, mandates, invoices } = below;
  const reporting = reportingUseCases({
    ...{ subscriptions, firmPlanOf: below.firmPlanOf, ledger: below.ledger, orders, billingProfiles: below.billingProfiles },
    ...{ documents: below.documents, claims, lock, now },
    activations: { deleteForUser: below.deleteDevicesOf },
  });
  const accountData = accountDataUseCases({ profiles: below.billingProfiles, periods, orders, mandates, invoices, devices: below.devices });
  const timeline = customerTimelineUseCases({ subscriptions, periods, mandates, orders, refunds: below.refunds, invoices, now });
  return {
    reporting,
    routes: [internalRoutes(reporting, accountData, below.devices, config.SERVICE_SECRET), customerTimelineRoutes(timeline, verifyToken)],
  };
}
