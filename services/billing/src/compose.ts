import type { Express } from 'express';
import { createServiceApp, mongoReadiness, redisReadiness, type ServiceRuntime } from '@portal/platform';
import { openApiRoutes } from './shared/routes/openapi.routes';
import { wireBankTransfers } from './bank-transfers/wiring';
import type { Config } from './config';
import { startBillingWorkers } from './jobs/billing-workers';
import { wireLicensing } from './licensing/wiring';
import { openPaymentStores, wirePayments } from './payments/wiring';
import { wirePromotions } from './promotions/wiring';
import { wireReporting } from './reporting/wiring';
import { openBillingKit } from './shared/billing-kit';
import { wireSubscriptions } from './subscriptions/wiring';
import { wireTaxDocuments } from './tax-documents/wiring';

/** What a test may replace; production passes none. */
export interface BillingOverrides {
  /** The clock every rule and job reads. */
  now?: () => Date;
  /** Run the job workers and the event consumer here (BILLING_WORKERS decides otherwise). */
  workers?: boolean;
}

/**
 * Billing's composition root: the kit, then each capability wired by itself from the bottom up,
 * each given only what the ones below it offer (and the ports it owns, filled here), then the
 * routes in their order and, when asked for, the job workers and the consumer of its events
 * (`user.deleted`, auth's firms, download's channels). index.ts, worker.ts and the tests call it.
 */
export async function compose(
  config: Config,
  runtime: ServiceRuntime,
  { now, workers = config.BILLING_WORKERS === 'on' }: BillingOverrides = {},
) {
  const kit = await openBillingKit(config, runtime, now);
  const paymentStores = await openPaymentStores(kit);
  const taxDocuments = await wireTaxDocuments(kit);
  const promotions = await wirePromotions(kit, paymentStores.orders);
  const subscriptions = await wireSubscriptions(kit, {
    legacyInvoices: taxDocuments.stores.invoices,
    offers: promotions.discounts.offers,
    pendingPayments: paymentStores.orders,
    autoRenewals: paymentStores.autoRenewals,
  });
  const licensing = await wireLicensing(kit, subscriptions);
  const { ledger } = subscriptions;
  const payments = wirePayments(kit, paymentStores, {
    ...{ subscriptions: subscriptions.subscriptions, ledger, changes: subscriptions.changes, pcPacks: subscriptions.pcPacks },
    ...{ discounts: promotions.discounts, referrals: promotions.referrals },
    ...{ invoices: taxDocuments.invoices, taxDocuments: taxDocuments.stores, whenDetailsSaved: taxDocuments.whenDetailsSaved },
  });
  const { orders, mandates, refunds } = paymentStores;
  const { billingProfiles, invoices, creditNotes, proformas } = taxDocuments.stores;
  const bankTransfers = await wireBankTransfers(kit, {
    transfers: payments.transfers,
    proformas: taxDocuments.proformas,
    profiles: billingProfiles,
    orders,
  });
  const { reporting, routes: reportingRoutes } = wireReporting(kit, {
    ...{ subscriptions: subscriptions.subscriptions, periods: subscriptions.periods, firmPlanOf: subscriptions.firmPlanOf, ledger },
    ...{ orders, mandates, refunds, invoices: taxDocuments.invoices, billingProfiles },
    documents: [
      invoices,
      creditNotes,
      refunds,
      proformas,
      bankTransfers.stores.receipts,
      bankTransfers.stores.tds,
      promotions.stores.referrals,
    ],
    devices: licensing.devices,
    deleteDevicesOf: licensing.deleteForUser,
  });

  const app: Express = createServiceApp({
    name: 'billing',
    logger: kit.logger,
    metrics: kit.metrics,
    bodyLimit: config.BODY_LIMIT,
    readiness: [mongoReadiness(kit.mongo), redisReadiness(kit.redis)],
    routes: (router) => {
      const capabilities = [subscriptions, payments, taxDocuments, licensing, promotions, bankTransfers, { routes: reportingRoutes }];
      for (const routes of capabilities.flatMap((capability) => capability.routes)) router.use(routes);
      router.use(openApiRoutes(config.PUBLIC_URL));
    },
  });

  const { expiry, firmSeats } = subscriptions;
  const { autopay, renewals } = payments;
  if (workers) {
    await startBillingWorkers(kit, {
      ...{
        expiry,
        payments: payments.payments,
        refunds: payments.refunds,
        renewals,
        firmSeats,
        releaseChannels: licensing.releaseChannels,
      },
      deleteUser: async (userId) => {
        await autopay.deleteUser(userId); // no mandate of a deleted account may debit again
        return reporting.deleteUser(userId);
      },
    });
  }
  const { firms, mail: outbox } = kit;
  return {
    app,
    payments: payments.payments,
    refunds: payments.refunds,
    expiry,
    reporting,
    ledger,
    renewals,
    autopay,
    firms,
    firmSeats,
    outbox,
  };
}
