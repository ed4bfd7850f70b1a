import type { Express } from 'express';
import type { Redis } from 'ioredis';
import { EVENT_QUEUES, paiseOf } from '@portal/contracts';
import { FIRM_EVENTS, firmMembersChangedEvent, RELEASE_EVENTS, releaseChannelChangedEvent } from '@portal/contracts/internal';
import {
  connectInfrastructure,
  consumeEvents,
  createAuditPublisher,
  createSecurityLog,
  createEventPublisher,
  createInternalClient,
  openMessageOutbox,
  createMetrics,
  createServiceApp,
  createServiceCredential,
  mongoReadiness,
  redisReadiness,
  revisionCounter,
  singleUseClaims,
  testClock,
  userDeletedHandler,
  withRedisLock,
  type ServiceRuntime,
} from '@portal/platform';
import { authDirectoryClient, authFirmStateClient } from './shared/clients/auth.client';
import { rememberedProfiles } from './shared/clients/remembered-profiles';
import { firmDirectoryRepository } from './shared/data/firm-directory.repository';
import { firmsReadingTheirWrites } from './shared/data/firms-read-your-writes';
import { rememberedFirms } from './shared/data/remembered-firms';
import { migrateStoredRecords } from './shared/data/record-migrations';
import { accountGuards } from './shared/routes/billing-account';
import { createPhonePeClient } from './payments/clients/phonepe.client';
import { sellerDetailsOf, sellerOf, type Config } from './config';
import { billingProfileRepository } from './tax-documents/data/billing-profile.repository';
import { activationRepository } from './licensing/data/activation.repository';
import { creditNoteRepository } from './tax-documents/data/credit-note.repository';
import { invoiceRepository } from './tax-documents/data/invoice.repository';
import { mandateRepository } from './payments/data/mandate.repository';
import { rememberedMandates } from './payments/data/remembered-mandates';
import { rememberedCheckouts } from './payments/data/remembered-checkouts';
import { orderRepository } from './payments/data/order.repository';
import { planRepository } from './subscriptions/data/plan.repository';
import { refundRepository } from './payments/data/refund.repository';
import { periodRepository } from './subscriptions/data/period.repository';
import { subscriptionRepository } from './subscriptions/data/subscription.repository';
import { rememberedSubscriptions } from './subscriptions/data/remembered-subscriptions';
import { planChangeUseCases } from './subscriptions/domain/plan-change.use-cases';
import { subscriptionLedger } from './subscriptions/domain/subscription-ledger.use-cases';
import { adminSubscriptionUseCases } from './subscriptions/domain/admin-subscription.use-cases';
import { cancellationUseCases } from './subscriptions/domain/cancellation.use-cases';
import { autopayUseCases } from './payments/domain/autopay.use-cases';
import { renewalUseCases } from './payments/domain/renewal.use-cases';
import { autopayRoutes } from './payments/routes/autopay.routes';
import { mandateListUseCases } from './payments/domain/mandate-list.use-cases';
import { customerTimelineUseCases } from './reporting/domain/customer-timeline.use-cases';
import { customerTimelineRoutes } from './reporting/routes/customer-timeline.routes';
import { billingHistoryUseCases } from './payments/domain/billing-history.use-cases';
import { transactionsUseCases } from './payments/domain/transactions.use-cases';
import { billingProfileUseCases } from './tax-documents/domain/billing-profile.use-cases';
import { renderTaxDocumentPdf } from './tax-documents/documents/tax-document-pdf';
import { expiryUseCases } from './subscriptions/domain/expiry.use-cases';
import { invoiceUseCases } from './tax-documents/domain/invoice.use-cases';
import { licensingUseCases } from './licensing/domain/licensing.use-cases';
import { paymentUseCases } from './payments/domain/payment.use-cases';
import type { Lock } from './shared/ports';
import { refundUseCases } from './payments/domain/refund.use-cases';
import { reportingUseCases } from './reporting/domain/reporting.use-cases';
import { statusUseCases } from './subscriptions/domain/status.use-cases';
import { taxReportUseCases } from './tax-documents/domain/tax-report.use-cases';
import { startBillingJobs } from './jobs/billing-jobs';
import { adminSubscriptionRoutes } from './subscriptions/routes/admin-subscription.routes';
import { billingHistoryRoutes } from './payments/routes/billing-history.routes';
import { transactionsRoutes } from './payments/routes/transactions.routes';
import { billingProfileRoutes } from './tax-documents/routes/billing-profile.routes';
import { internalRoutes } from './reporting/routes/internal.routes';
import { accountDataUseCases } from './reporting/domain/account-data.use-cases';
import { invoiceRoutes } from './tax-documents/routes/invoice.routes';
import { licensingRoutes } from './licensing/routes/licensing.routes';
import { fileActivationUseCases } from './licensing/domain/file-activation.use-cases';
import { readDeviceSigned } from './licensing/security/device-signatures';
import { paymentRoutes } from './payments/routes/payment.routes';
import { refundRoutes } from './payments/routes/refund.routes';
import { subscriptionRoutes } from './subscriptions/routes/subscription.routes';
import { firmEntitlement } from './subscriptions/domain/firm-entitlement';
import { announcingSubscriptionStore, firmSeatEventsUseCases } from './subscriptions/domain/firm-seat-events.use-cases';
import { taxReportRoutes } from './tax-documents/routes/tax-report.routes';
import { sellerRoutes } from './tax-documents/routes/seller.routes';
import { createLicenseSigner } from './licensing/security/license-signer';
import { deviceMoveRepository } from './licensing/data/device-move.repository';
import { deviceMoveUseCases } from './licensing/domain/device-moves.use-cases';
import { channelMinimumRepository } from './licensing/data/channel-minimum.repository';
import { promotionRepository } from './promotions/data/promotion.repository';
import { promotionUseCases } from './promotions/domain/promotion.use-cases';
import { adminPromotionRoutes } from './promotions/routes/admin-promotion.routes';
import { referralRepository } from './promotions/data/referral.repository';
import { discountUseCases } from './promotions/domain/discount.use-cases';
import { referralUseCases } from './promotions/domain/referral.use-cases';
import { referralRoutes } from './promotions/routes/referral.routes';
import { bankTransferOrders } from './payments/domain/bank-transfer-orders';
import type { PaymentDeps } from './payments/domain/payment-deps';
import { proformaRepository } from './tax-documents/data/proforma.repository';
import { proformaUseCases } from './tax-documents/domain/proforma.use-cases';
import { bankReceiptRepository } from './bank-transfers/data/bank-receipt.repository';
import { proformaRequestUseCases } from './bank-transfers/domain/proforma-requests.use-cases';
import { receiptUseCases } from './bank-transfers/domain/receipt.use-cases';
import { proformaMail } from './bank-transfers/domain/proforma-mail';
import { tdsRule } from './bank-transfers/domain/tds-rule';
import { bankTransferRoutes } from './bank-transfers/routes/bank-transfer.routes';
import { tdsRepository } from './bank-transfers/data/tds.repository';
import { tdsUseCases } from './bank-transfers/domain/tds.use-cases';
import { tdsRoutes } from './bank-transfers/routes/tds.routes';

/** What a test may replace; production passes none. */
export interface BillingOverrides {
  /** The clock every rule and job reads. */
  now?: () => Date;
  /** Run the job workers and the event consumer here (BILLING_WORKERS decides otherwise). */
  workers?: boolean;
}

/** The system clock, or the browser tests' (TEST_CLOCK_FILE, which the config allows in tests only). */
export const clockOf = (config: Config) => (config.TEST_CLOCK_FILE ? testClock(config.TEST_CLOCK_FILE) : undefined);

function redisLock(redis: Redis, prefix: string): Lock {
  return (key, work, options) => withRedisLock(redis, `${prefix}billing:${key}`, work, options);
}

/**
 * Billing's composition root, the one place it is wired: connections, adapters, use cases, routes
 * and, when asked for, the job workers and the consumer of its events (`user.deleted`, auth's
 * firms). index.ts and worker.ts call it, and so do the tests, with their own configuration.
 */
export async function compose(
  config: Config,
  runtime: ServiceRuntime,
  { now, workers = config.BILLING_WORKERS === 'on' }: BillingOverrides = {},
) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(config, runtime);
  const { logger, shutdown } = runtime;
  const metrics = createMetrics('billing');
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const mail = await openMessageOutbox(
    mongo,
    { service: 'billing', notificationsUrl: config.NOTIFICATIONS_URL, serviceSecret: config.SERVICE_SECRET },
    runtime,
  );
  const audit = createAuditPublisher('billing', connection, logger);
  const securityLog = createSecurityLog('billing', connection, logger, now);
  shutdown.add('security log', () => securityLog.close());
  shutdown.add('audit', () => audit.close());
  const authCalls = createInternalClient({
    baseURL: config.AUTH_URL,
    credential: createServiceCredential('billing', config.SERVICE_SECRET),
  });
  const users = rememberedProfiles(authDirectoryClient(authCalls), redis, config.REDIS_PREFIX);
  const gateway = createPhonePeClient({
    clientId: config.PHONEPE_CLIENT_ID,
    clientSecret: config.PHONEPE_CLIENT_SECRET,
    clientVersion: config.PHONEPE_CLIENT_VERSION,
    oauthBaseUrl: config.PHONEPE_OAUTH_BASE_URL,
    pgBaseUrl: config.PHONEPE_PG_BASE_URL,
  });

  // before any model is compiled: their indexes name the renamed field
  const migrated = await migrateStoredRecords(mongo);
  if (Object.keys(migrated).length) logger.info({ migrated }, 'records of an older release carried over');
  const lock = redisLock(redis, config.REDIS_PREFIX);
  const firms = firmsReadingTheirWrites(
    rememberedFirms(firmDirectoryRepository(mongo, lock), redis, `${config.REDIS_PREFIX}billing:firm-directory:generation`),
    authFirmStateClient(authCalls),
  );
  const subscriptionStore = rememberedSubscriptions(subscriptionRepository(mongo), redis, config.REDIS_PREFIX);
  const periods = periodRepository(mongo);
  const orders = rememberedCheckouts(orderRepository(mongo), redis, config.REDIS_PREFIX);
  const mandates = rememberedMandates(mandateRepository(mongo), redis, config.REDIS_PREFIX);
  const plans = planRepository(mongo);
  const billingProfiles = billingProfileRepository(mongo);
  const invoiceStore = invoiceRepository(mongo);
  const creditNotes = creditNoteRepository(mongo);
  const refundStore = refundRepository(mongo);
  const activations = activationRepository(mongo);
  const deviceMoves = deviceMoveRepository(mongo);
  const promotionStore = promotionRepository(mongo);
  const referralStore = referralRepository(mongo);
  const proformaStore = proformaRepository(mongo);
  const bankReceipts = bankReceiptRepository(mongo);
  const tdsStore = tdsRepository(mongo);
  const claims = singleUseClaims(mongo);
  await Promise.all([
    claims.ready,
    firms.ready,
    subscriptionStore.ready,
    periods.ready,
    orders.ready,
    mandates.ready,
    invoiceStore.ready,
    creditNotes.ready,
    refundStore.ready,
    activations.ready,
    deviceMoves.ready,
    promotionStore.ready,
    referralStore.ready,
    proformaStore.ready,
    bankReceipts.ready,
    tdsStore.ready,
    plans.seed(),
  ]);
  const clock = now ?? (() => new Date());
  const toAuth = createEventPublisher(EVENT_QUEUES.auth, connection, logger);
  shutdown.add('firm events to auth', () => toAuth.close());
  const firmSeats = firmSeatEventsUseCases({
    subscriptions: subscriptionStore,
    firms,
    publish: toAuth.publish,
    nextRevision: revisionCounter(redis, `${config.REDIS_PREFIX}billing:firm-revision`).next,
    now: clock,
  });
  const subscriptions = announcingSubscriptionStore(subscriptionStore, firmSeats.announce);
  const mismatches = metrics.counter(
    'billing_payment_amount_mismatch_total',
    'Payments whose amount did not match the order (never credited)',
  );

  const seller = sellerOf(config);
  if (seller.demo) logger.warn('SELLER_* settings are not set: invoices carry the demo seller and say they are not valid');
  const invoices = invoiceUseCases({
    invoices: invoiceStore,
    lock,
    creditNotes,
    profiles: billingProfiles,
    users,
    seller,
    render: renderTaxDocumentPdf,
    now,
  });
  const signer = createLicenseSigner(config.LICENSE_SIGNING_KEY, config.LICENSE_RETIRED_PUBLIC_KEYS);
  if (signer.throwaway) logger.warn('LICENSE_SIGNING_KEY is not set: licences are signed with a key that ends with this process');
  const firmPlanOf = firmEntitlement(subscriptions, firms, clock);
  const releaseChannels = channelMinimumRepository(mongo, lock, () => clock().getTime());
  await releaseChannels.ready;
  const licensingDeps = {
    activations,
    moves: deviceMoves,
    subscriptions,
    firmPlanOf,
    signer,
    lock,
    releaseChannels,
    graceDays: config.LICENSE_GRACE_DAYS,
    now,
  };
  const licensing = licensingUseCases(licensingDeps);
  const seatMoves = deviceMoveUseCases({ ...licensingDeps, audit });
  const fileActivations = fileActivationUseCases({ ...licensingDeps, deviceMoves: seatMoves, readDeviceSigned });
  const ledger = subscriptionLedger({ subscriptions, periods, plans, legacyInvoices: invoiceStore, lock, now });
  const autopay = autopayUseCases({ mandates, orders, gateway, ledger, lock, logger });
  const status = statusUseCases({ subscriptions, firmPlanOf, orders, autoRenewals: autopay, plans, users, lock, claims, now });
  const promotions = promotionUseCases({
    promotions: promotionStore,
    paidBefore: (accountId) => orders.hasPaid(accountId),
    lock,
    audit,
    ratePercent: seller.ratePercent,
    now,
  });
  const referrals = referralUseCases({
    referrals: referralStore,
    paidBefore: (accountId) => orders.hasPaid(accountId),
    firmsOf: (userId) => firms.firmsOf(userId),
    lock,
    creditPaise: paiseOf(config.REFERRAL_CREDIT_RUPEES),
    publicUrl: config.PUBLIC_URL,
    now,
  });
  const discounts = discountUseCases({
    codes: promotions,
    promotions: promotionStore,
    referrals,
    lastPaidOrder: (accountId) => orders.lastPaid(accountId),
    ratePercent: seller.ratePercent,
    now,
  });
  const changes = planChangeUseCases({ subscriptions, plans, ledger, lock, offers: discounts.offers, now });
  // subscriptions recorded before periods get theirs once; any instance may run it, each user once
  void claims
    .once('migration:subscription-periods', 'billing', () => ledger.migrateAll())
    .then((run) => run.claimed && run.value && logger.info({ migrated: run.value }, 'subscriptions carried over to periods'))
    .catch((error: unknown) =>
      logger.error({ err: error }, 'carrying subscriptions over to periods failed; it runs again at the next start'),
    );
  const paymentDeps: PaymentDeps = {
    orders,
    ledger,
    changes,
    gateway,
    mandates,
    promotions: discounts,
    invoices,
    profiles: billingProfiles,
    mail,
    lock,
    logger,
    publicUrl: config.PUBLIC_URL,
    orderLifetimeSeconds: config.ORDER_LIFETIME_SECONDS,
    onAmountMismatch: () => mismatches.inc(),
    onSettled: async (order) => {
      await discounts.afterSettled(order);
      await autopay.afterSettled(order);
      await renewals.afterSettled(order);
    },
    now,
  };
  const payments = paymentUseCases(paymentDeps);
  const bankTransferDeps = {
    transfers: bankTransferOrders(paymentDeps),
    proformas: proformaUseCases({ proformas: proformaStore, profiles: billingProfiles, users, seller, lock, render: renderTaxDocumentPdf }),
    receipts: bankReceipts,
    tds: tdsStore,
    tdsOn: tdsRule(
      { ratePercent: config.TDS_RATE_PERCENT, thresholdRupees: config.TDS_THRESHOLD_RUPEES, gstRatePercent: seller.ratePercent },
      { profiles: billingProfiles, taxablePaidSince: (accountId, since) => orders.taxablePaidSince(accountId, since) },
    ),
    validityDays: config.PROFORMA_VALIDITY_DAYS,
    proformaPrefix: seller.proformaPrefix,
    sendProforma: proformaMail(mail, config.PUBLIC_URL),
    audit,
    logger,
    now,
  };
  const bankTransfers = { proformas: proformaRequestUseCases(bankTransferDeps), receipts: receiptUseCases(bankTransferDeps) };
  const tds = tdsUseCases({ tds: tdsStore, transfers: bankTransferDeps.transfers, mail, publicUrl: config.PUBLIC_URL, audit, logger, now });
  const renewals = renewalUseCases({
    mandates,
    orders,
    gateway,
    subscriptions,
    ledger,
    autopay,
    discounts,
    claims,
    settle: (merchantOrderId) => payments.settle(merchantOrderId),
    mail,
    logger,
    merchantName: seller.legalName,
    publicUrl: config.PUBLIC_URL,
    now,
  });
  const refunds = refundUseCases({
    orders,
    refunds: refundStore,
    invoices: invoiceStore,
    creditNotes,
    profiles: billingProfiles,
    ledger,
    onRefundedInFull: (order) => referrals.takeBack(order.merchantOrderId),
    gateway,
    seller,
    lock,
    audit,
    logger,
    mail,
    creditNotePdf: (merchantRefundId) => invoices.creditNotePdf(null, merchantRefundId),
    publicUrl: config.PUBLIC_URL,
    now,
  });
  const reporting = reportingUseCases({
    subscriptions,
    firmPlanOf,
    ledger,
    orders,
    billingProfiles,
    documents: [invoiceStore, creditNotes, refundStore, proformaStore, bankReceipts, tdsStore, referralStore],
    claims,
    // a deleted user's machines go, and the moves counted against their seats with them
    activations: {
      deleteForUser: async (userId: string) =>
        void (await Promise.all([activations.deleteForUser(userId), deviceMoves.deleteForUser(userId)])),
    },
    lock,
    now,
  });
  const expiry = expiryUseCases({ subscriptions, mail, publicUrl: config.PUBLIC_URL, logger });

  const account = accountGuards(verifyToken, firms);
  const app: Express = createServiceApp({
    name: 'billing',
    logger,
    metrics,
    bodyLimit: config.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    routes: (router) => {
      router.use(subscriptionRoutes(status, changes, cancellationUseCases({ subscriptions, lock, now }), ledger, verifyToken, account));
      router.use(autopayRoutes(autopay, mandateListUseCases({ mandates, orders }), verifyToken, account));
      router.use(billingProfileRoutes(billingProfileUseCases(billingProfiles, refunds.detailsSaved), account));
      router.use(invoiceRoutes(invoices, verifyToken, account));
      router.use(sellerRoutes(sellerDetailsOf(config)));
      router.use(licensingRoutes({ licensing, deviceMoves: seatMoves, files: fileActivations }, verifyToken, securityLog));
      router.use(
        paymentRoutes({
          payments,
          refunds,
          autopay,
          renewals,
          account,
          webhook: { username: config.PHONEPE_WEBHOOK_USERNAME, password: config.PHONEPE_WEBHOOK_PASSWORD },
          securityLog,
        }),
      );
      router.use(
        adminSubscriptionRoutes(adminSubscriptionUseCases({ subscriptions, plans, users, ledger, lock, audit, now }), verifyToken),
      );
      router.use(transactionsRoutes(transactionsUseCases({ orders, now }), verifyToken));
      router.use(billingHistoryRoutes(billingHistoryUseCases({ orders, refunds: refundStore, invoices }), account));
      router.use(refundRoutes(refunds, verifyToken));
      router.use(adminPromotionRoutes(promotions, verifyToken));
      router.use(referralRoutes(referrals, verifyToken, account));
      router.use(bankTransferRoutes(bankTransfers, verifyToken, account));
      router.use(tdsRoutes(tds, verifyToken, account));
      router.use(taxReportRoutes(taxReportUseCases({ invoices: invoiceStore, creditNotes }), verifyToken));
      router.use(
        internalRoutes(
          reporting,
          accountDataUseCases({ profiles: billingProfiles, periods, orders, mandates, invoices, devices: licensing.devices }),
          config.SERVICE_SECRET,
        ),
      );
      router.use(
        customerTimelineRoutes(
          customerTimelineUseCases({ subscriptions, periods, mandates, orders, refunds: refundStore, invoices, now }),
          verifyToken,
        ),
      );
    },
  });

  if (workers) {
    const jobs = await startBillingJobs({
      connection,
      expiry,
      payments,
      refunds,
      renewals,
      firmSeats,
      logger,
      metrics,
      every: {
        expirySweepMs: config.EXPIRY_SWEEP_EVERY_MS,
        remindersMs: config.REMINDERS_EVERY_MS,
        reconcileMs: config.RECONCILE_EVERY_MS,
        renewalsMs: config.RENEWALS_EVERY_MS,
        firmSeatsReplayMs: config.FIRM_REPLAY_EVERY_MS,
      },
      reconcileAfterMs: config.RECONCILE_AFTER_MS,
      now,
    });
    const deleteUser = async (userId: string) => {
      await autopay.deleteUser(userId); // no mandate of a deleted account may debit again
      return reporting.deleteUser(userId);
    };
    const events = consumeEvents(
      EVENT_QUEUES.billing,
      {
        ...userDeletedHandler(deleteUser),
        [FIRM_EVENTS.membersChanged]: (data) => firms.apply(firmMembersChangedEvent.parse(data)),
        [RELEASE_EVENTS.channelChanged]: (data) => releaseChannels.apply(releaseChannelChangedEvent.parse(data)),
      },
      connection,
      logger,
    );
    // shutdown runs in reverse: the HTTP server (added after this) drains first, then the workers stop
    shutdown.add('jobs', async () => {
      await events.close();
      await jobs.close();
    });
  }
  return { app, payments, refunds, expiry, reporting, ledger, renewals, autopay, firms, firmSeats, outbox: mail };
}
