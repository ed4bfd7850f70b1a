import type { Express } from 'express';
import type { Redis } from 'ioredis';
import {
  createServiceApp,
  mongoReadiness,
  redisReadiness,
  withRedisLock,
  type Infrastructure,
  type Logger,
  type Metrics,
  type AuditPublisher,
} from '@portal/platform';
import type { Config } from './config';
import { orderRepository } from './data/order.repository';
import { planRepository } from './data/plan.repository';
import { subscriptionRepository } from './data/subscription.repository';
import { adminUseCases } from './domain/admin.use-cases';
import { expiryUseCases } from './domain/expiry.use-cases';
import { paymentUseCases } from './domain/payment.use-cases';
import type { Lock, MailSender, PaymentGateway, UserDirectory } from './domain/ports';
import { reportingUseCases } from './domain/reporting.use-cases';
import { statusUseCases } from './domain/status.use-cases';
import { adminRoutes } from './routes/admin.routes';
import { internalRoutes } from './routes/internal.routes';
import { paymentRoutes } from './routes/payment.routes';
import { subscriptionRoutes } from './routes/subscription.routes';

export type BillingSettings = Pick<
  Config,
  | 'REDIS_PREFIX'
  | 'SERVICE_SECRET'
  | 'PUBLIC_URL'
  | 'BODY_LIMIT'
  | 'ORDER_LIFETIME_SECONDS'
  | 'PHONEPE_WEBHOOK_USERNAME'
  | 'PHONEPE_WEBHOOK_PASSWORD'
>;

export interface AppDeps extends Infrastructure {
  logger: Logger;
  metrics: Metrics;
  settings: BillingSettings;
  gateway: PaymentGateway;
  users: UserDirectory;
  mail: MailSender;
  audit: AuditPublisher;
  now?: () => Date;
}

export function redisLock(redis: Redis, prefix: string): Lock {
  return (key, work) => withRedisLock(redis, `${prefix}billing:${key}`, work);
}

/** Wires billing's rules to their stores and adapters; returns the app and the use cases the jobs need. */
export async function createApp({ mongo, redis, verifyToken, logger, metrics, settings, gateway, users, mail, audit, now }: AppDeps) {
  const subscriptions = subscriptionRepository(mongo);
  const orders = orderRepository(mongo);
  const plans = planRepository(mongo);
  await Promise.all([subscriptions.ready, orders.ready, plans.seed()]);
  const lock = redisLock(redis, settings.REDIS_PREFIX);
  const mismatches = metrics.counter(
    'billing_payment_amount_mismatch_total',
    'Payments whose amount did not match the order (never credited)',
  );

  const status = statusUseCases({ subscriptions, orders, plans, users, lock, now });
  const payments = paymentUseCases({
    orders,
    subscriptions,
    plans,
    gateway,
    mail,
    lock,
    logger,
    publicUrl: settings.PUBLIC_URL,
    orderLifetimeSeconds: settings.ORDER_LIFETIME_SECONDS,
    onAmountMismatch: () => mismatches.inc(),
    now,
  });
  const reporting = reportingUseCases({ subscriptions, orders, lock, now });
  const expiry = expiryUseCases({ subscriptions, mail, publicUrl: settings.PUBLIC_URL, logger });

  const app: Express = createServiceApp({
    name: 'billing',
    logger,
    metrics,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    routes: (router) => {
      router.use(subscriptionRoutes(status, verifyToken));
      router.use(
        paymentRoutes({
          payments,
          plans,
          verifyToken,
          webhook: { username: settings.PHONEPE_WEBHOOK_USERNAME, password: settings.PHONEPE_WEBHOOK_PASSWORD },
        }),
      );
      router.use(adminRoutes(adminUseCases({ subscriptions, orders, plans, users, lock, audit, now }), verifyToken));
      router.use(internalRoutes(reporting, settings.SERVICE_SECRET));
    },
  });
  return { app, payments, expiry, reporting };
}
