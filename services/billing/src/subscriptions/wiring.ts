import { EVENT_QUEUES } from '@portal/contracts';
import { createEventPublisher, revisionCounter } from '@portal/platform';
import type { BillingKit } from '../shared/billing-kit';
import { pcPackRepository } from './data/pc-pack.repository';
import { periodRepository } from './data/period.repository';
import { planRepository } from './data/plan.repository';
import { subscriptionRepository } from './data/subscription.repository';
import { adminSubscriptionUseCases } from './domain/admin-subscription.use-cases';
import { cancellationUseCases } from './domain/cancellation.use-cases';
import { expiryUseCases } from './domain/expiry.use-cases';
import { firmEntitlement } from './domain/firm-entitlement';
import { announcingSubscriptionStore, firmSeatEventsUseCases } from './domain/firm-seat-events.use-cases';
import { pcPackUseCases } from './domain/pc-packs.use-cases';
import { planChangeUseCases } from './domain/plan-change.use-cases';
import type { LegacyInvoices, AutoRenewals, PendingPayments, PromotionOffers } from './domain/ports';
import { statusUseCases } from './domain/status.use-cases';
import { subscriptionLedger } from './domain/subscription-ledger.use-cases';
import { adminSubscriptionRoutes } from './routes/admin-subscription.routes';
import { subscriptionRoutes } from './routes/subscription.routes';

/** The ports subscriptions own and other capabilities fill: nothing here imports them. */
export interface SubscriptionPorts {
  /** Invoices of orders paid before periods were recorded (tax documents' store). */
  legacyInvoices: LegacyInvoices;
  /** A code's or a referral's discount on a quote (promotions). */
  offers: PromotionOffers;
  /** Whether a checkout is under way, and the UPI Autopay mandate's state (payments). */
  pendingPayments: PendingPayments;
  autoRenewals: AutoRenewals;
}

/**
 * Subscriptions wire themselves: plans, the trial, the status object, periods (the ledger), plan
 * changes, cancellation, expiry and its reminders, and the seats a firm's plan gives, published
 * to auth.
 */
export async function wireSubscriptions(kit: BillingKit, ports: SubscriptionPorts) {
  const { mongo, redis, config, logger, shutdown, connection, lock, claims, users, firms, mail, audit, now, clock } = kit;
  const plans = planRepository(mongo);
  const stored = subscriptionRepository(mongo, kit.cache);
  const periods = periodRepository(mongo);
  const packs = pcPackRepository(mongo);
  await Promise.all([stored.ready, periods.ready, packs.ready, plans.seed()]);
  const toAuth = createEventPublisher(EVENT_QUEUES.auth, connection, logger);
  shutdown.add('firm events to auth', () => toAuth.close());
  const firmSeats = firmSeatEventsUseCases({
    subscriptions: stored,
    firms,
    publish: toAuth.publish,
    nextRevision: revisionCounter(redis, `${config.REDIS_PREFIX}billing:firm-revision`).next,
    now: clock,
  });
  const subscriptions = announcingSubscriptionStore(stored, firmSeats.announce);
  const firmPlanOf = firmEntitlement(subscriptions, firms, clock);
  const ledger = subscriptionLedger({ subscriptions, periods, packs, plans, legacyInvoices: ports.legacyInvoices, lock, now });
  // subscriptions recorded before periods get theirs once; any instance may run it, each user once
  void claims
    .once('migration:subscription-periods', 'billing', () => ledger.migrateAll())
    .then((run) => run.claimed && run.value && logger.info({ migrated: run.value }, 'subscriptions carried over to periods'))
    .catch((error: unknown) =>
      logger.error({ err: error }, 'carrying subscriptions over to periods failed; it runs again at the next start'),
    );
  const { pendingPayments: orders, autoRenewals } = ports;
  const nextTaxYearOnSaleFrom = config.NEXT_TAX_YEAR_ON_SALE_FROM;
  const status = statusUseCases({
    subscriptions,
    firmPlanOf,
    orders,
    autoRenewals,
    plans,
    users,
    lock,
    claims,
    nextTaxYearOnSaleFrom,
    now,
  });
  const changes = planChangeUseCases({ subscriptions, plans, ledger, lock, offers: ports.offers, now });
  const pcPacks = pcPackUseCases({ packs, subscriptions, plans, now });
  const cancellation = cancellationUseCases({ subscriptions, lock, now });
  const admin = adminSubscriptionUseCases({ subscriptions, plans, users, ledger, lock, audit, now });
  return {
    subscriptions,
    plans,
    periods,
    ledger,
    changes,
    pcPacks,
    firmPlanOf,
    firmSeats,
    expiry: expiryUseCases({ subscriptions, mail, publicUrl: config.PUBLIC_URL, logger }),
    routes: [
      subscriptionRoutes({ status, changes, cancellation, ledger, pcPacks }, kit.verifyToken, kit.account),
      adminSubscriptionRoutes(admin, kit.verifyToken),
    ],
  };
}
