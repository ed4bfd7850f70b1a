import { EVENT_QUEUES } from '@portal/contracts';
import { createEventPublisher } from '@portal/platform';
import type { discountUseCases, referralUseCases } from '../promotions';
import type { pcPackUseCases, planChangeUseCases, subscriptionLedger, SubscriptionRecord, SubscriptionStore } from '../subscriptions';
import type { CreditNoteStore, InvoiceStore, invoiceUseCases } from '../tax-documents';
import type { BillingKit } from '../shared/billing-kit';
import type { BillingProfileStore } from '../shared/ports';
import { createPhonePeClient } from './clients/phonepe.client';
import { mandateRepository } from './data/mandate.repository';
import { orderRepository } from './data/order.repository';
import { refundRepository } from './data/refund.repository';
import { autoRenewView } from './domain/auto-renew-view';
import { autopayUseCases } from './domain/autopay.use-cases';
import { bankTransferOrders } from './domain/bank-transfer-orders';
import { billingHistoryUseCases } from './domain/billing-history.use-cases';
import { mandateListUseCases } from './domain/mandate-list.use-cases';
import { orderPlacement } from './domain/order-placement';
import { pcPackOrders } from './domain/pc-pack-order';
import type { PaymentDeps } from './domain/ports';
import { paymentUseCases } from './domain/payment.use-cases';
import { refundUseCases } from './domain/refund.use-cases';
import { renewalUseCases } from './domain/renewal.use-cases';
import { saleEvents } from './domain/sale-events';
import { transactionsUseCases } from './domain/transactions.use-cases';
import { autopayRoutes } from './routes/autopay.routes';
import { billingHistoryRoutes } from './routes/billing-history.routes';
import { paymentRoutes } from './routes/payment.routes';
import { refundRoutes } from './routes/refund.routes';
import { transactionsRoutes } from './routes/transactions.routes';

/**
 * Payments' stores, opened before the capabilities below it are wired: subscriptions' status shows
 * a checkout under way and the UPI Autopay mandate, and promotions ask whether an account has paid
 * (the ports they own, which these fill).
 */
export async function openPaymentStores({ mongo, cache }: BillingKit) {
  const orders = orderRepository(mongo, cache);
  const mandates = mandateRepository(mongo, cache);
  const refunds = refundRepository(mongo);
  await Promise.all([orders.ready, mandates.ready, refunds.ready]);
  const autoRenewals = {
    autoRenewOf: (accountId: string, subscription: SubscriptionRecord | null, at: Date) =>
      autoRenewView({ mandates, orders }, accountId, subscription, at),
  };
  return { orders, mandates, refunds, autoRenewals };
}

/** What payments use of the capabilities below them. */
export interface PaymentsBelow {
  subscriptions: SubscriptionStore;
  ledger: ReturnType<typeof subscriptionLedger>;
  changes: Pick<ReturnType<typeof planChangeUseCases>, 'quote'>;
  pcPacks: ReturnType<typeof pcPackUseCases>;
  discounts: ReturnType<typeof discountUseCases>;
  referrals: Pick<ReturnType<typeof referralUseCases>, 'takeBack'>;
  invoices: ReturnType<typeof invoiceUseCases>;
  taxDocuments: { invoices: InvoiceStore; creditNotes: CreditNoteStore; billingProfiles: BillingProfileStore };
  /** A refund waiting for the buyer's details goes on once they are saved. */
  whenDetailsSaved: (listener: (accountId: string) => Promise<unknown>) => void;
}

/**
 * Payments wire themselves and lead: PhonePe's orders, their settlement and crediting, UPI Autopay
 * and its renewals, refunds, the billing history and the admin's payments list. What follows a
 * settled order and a refund made in full is named here.
 */
export function wirePayments(kit: BillingKit, stores: Awaited<ReturnType<typeof openPaymentStores>>, below: PaymentsBelow) {
  const { config, lock, logger, mail, audit, seller, now, verifyToken, account, claims } = kit;
  const { orders, mandates } = stores;
  const { ledger, pcPacks, discounts, invoices, taxDocuments } = below;
  const gateway = createPhonePeClient({
    clientId: config.PHONEPE_CLIENT_ID,
    clientSecret: config.PHONEPE_CLIENT_SECRET,
    clientVersion: config.PHONEPE_CLIENT_VERSION,
    oauthBaseUrl: config.PHONEPE_OAUTH_BASE_URL,
    pgBaseUrl: config.PHONEPE_PG_BASE_URL,
  });
  const mismatches = kit.metrics.counter(
    'billing_payment_amount_mismatch_total',
    'Payments whose amount did not match the order (never credited)',
  );
  const autopay = autopayUseCases({ mandates, orders, gateway, ledger, lock, logger });
  const toPartners = createEventPublisher(EVENT_QUEUES.partners, kit.connection, logger);
  kit.shutdown.add('sale events to partners', () => toPartners.close());
  const sales = saleEvents(toPartners, kit.firms);
  const publicUrl = config.PUBLIC_URL;
  const paymentDeps: PaymentDeps = {
    ...{
      orders,
      ledger,
      changes: below.changes,
      pcPacks,
      gateway,
      mandates,
      promotions: discounts,
      invoices,
      mail,
      lock,
      logger,
      publicUrl,
      now,
    },
    profiles: taxDocuments.billingProfiles,
    orderLifetimeSeconds: config.ORDER_LIFETIME_SECONDS,
    sales,
    events: kit.events,
    onAmountMismatch: () => mismatches.inc(),
    // after a settled order: its discount is used up, its mandate follows it, a renewal is done
    onSettled: async (order) => {
      await discounts.afterSettled(order);
      await autopay.afterSettled(order);
      await renewals.afterSettled(order);
    },
  };
  const payments = paymentUseCases(paymentDeps);
  const renewals = renewalUseCases({
    ...{ mandates, orders, gateway, subscriptions: below.subscriptions, ledger, autopay, discounts, claims, mail, logger, publicUrl, now },
    settle: (merchantOrderId) => payments.settle(merchantOrderId),
    merchantName: seller.legalName,
  });
  const refunds = refundUseCases({
    ...{
      orders,
      refunds: stores.refunds,
      invoices: taxDocuments.invoices,
      creditNotes: taxDocuments.creditNotes,
      ledger,
      pcPacks,
      gateway,
      seller,
    },
    ...{ lock, audit, logger, mail, publicUrl, now, sales, events: kit.events },
    profiles: taxDocuments.billingProfiles,
    // a refund in full takes back the referral credit the order earned
    onRefundedInFull: (order) => below.referrals.takeBack(order.merchantOrderId),
    creditNotePdf: (merchantRefundId) => invoices.creditNotePdf(null, merchantRefundId),
  });
  below.whenDetailsSaved(refunds.detailsSaved);
  const webhook = { username: config.PHONEPE_WEBHOOK_USERNAME, password: config.PHONEPE_WEBHOOK_PASSWORD };
  return {
    payments,
    refunds,
    autopay,
    renewals,
    transfers: bankTransferOrders(paymentDeps),
    routes: [
      autopayRoutes(autopay, mandateListUseCases({ mandates, orders }), verifyToken, account),
      paymentRoutes({
        orders: { ...orderPlacement(paymentDeps), ...pcPackOrders(paymentDeps) },
        payments,
        refunds,
        autopay,
        renewals,
        account,
        webhook,
        securityLog: kit.securityLog,
      }),
      transactionsRoutes(transactionsUseCases({ orders, now }), verifyToken),
      billingHistoryRoutes(billingHistoryUseCases({ orders, refunds: stores.refunds, invoices }), account),
      refundRoutes(refunds, verifyToken),
    ],
  };
}
