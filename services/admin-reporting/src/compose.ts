import type { Express } from 'express';
import {
  connectInfrastructure,
  createInternalClient,
  createServiceApp,
  createServiceCredential,
  mongoReadiness,
  redisReadiness,
  type ServiceRuntime,
} from '@portal/platform';
import { authClient, billingClient, downloadClient, feedbackClient, notificationsClient, partnersClient } from './clients/service-clients';
import { accountDataUseCases } from './domain/account-data.use-cases';
import type { Config } from './config';
import { auditRepository } from './data/audit.repository';
import { securityLogRepository } from './data/security-log.repository';
import { securityLogUseCases } from './domain/security-log.use-cases';
import { usageRepository } from './data/usage.repository';
import { reportingUseCases } from './domain/reporting.use-cases';
import { createUserDeletedPublisher, startReportingJobs } from './jobs/reporting-jobs';
import { accountRoutes } from './routes/account.routes';
import { adminRoutes } from './routes/admin.routes';
import { securityLogRoutes } from './routes/security-log.routes';
import { firmsRoutes } from './routes/firms.routes';
import { firmsUseCases } from './domain/firms.use-cases';
import { usageRoutes } from './routes/usage.routes';
import { usageUseCases } from './domain/usage.use-cases';
import { deliveryLogUseCases } from './domain/delivery-log.use-cases';
import { deliveryLogRoutes } from './routes/delivery-log.routes';

/**
 * Admin-reporting's composition root, the one place it is wired: connections, the clients of the
 * other services, the stores, use cases, routes, the `user.deleted` publisher and the outbox job.
 * index.ts calls it, and so do the tests, with their own configuration.
 */
export async function compose(config: Config, runtime: ServiceRuntime, { now = () => new Date() }: { now?: () => Date } = {}) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(config, runtime);
  const { logger, shutdown } = runtime;
  const credential = createServiceCredential('admin-reporting', config.SERVICE_SECRET);
  const internal = (baseURL: string) => createInternalClient({ baseURL, credential, timeoutMs: 30_000 });
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const publishUserDeleted = createUserDeletedPublisher(connection);
  shutdown.add('event queues', () => publishUserDeleted.close());

  const audit = auditRepository(mongo);
  const usage = usageRepository(mongo);
  const securityLog = securityLogRepository(mongo);
  await Promise.all([audit.ready, usage.ready, securityLog.ready]);
  const security = securityLogUseCases({ store: securityLog, now });
  const users = authClient(internal(config.AUTH_URL));
  const subscriptions = billingClient(internal(config.BILLING_URL));
  const downloads = downloadClient(internal(config.DOWNLOAD_URL));
  const notifications = notificationsClient(internal(config.NOTIFICATIONS_URL));
  const reporting = reportingUseCases({ users, subscriptions, downloads, audit, publishUserDeleted, logger });
  const accountData = accountDataUseCases({
    users,
    subscriptions,
    downloads,
    feedback: feedbackClient(internal(config.FEEDBACK_URL)),
    partners: partnersClient(internal(config.PARTNERS_URL)),
    notifications,
    audit,
  });
  const deliveryLog = deliveryLogUseCases({ users, messages: notifications, audit });
  const app: Express = createServiceApp({
    name: 'admin-reporting',
    logger,
    bodyLimit: config.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    routes: (router) => {
      router.use(adminRoutes(reporting, verifyToken));
      router.use(deliveryLogRoutes(deliveryLog, verifyToken));
      router.use(securityLogRoutes(security, verifyToken));
      router.use(firmsRoutes(firmsUseCases({ users, subscriptions }), verifyToken));
      router.use(accountRoutes(reporting, accountData, security, verifyToken));
      router.use(usageRoutes(usageUseCases(usage), verifyToken, logger));
    },
  });
  const jobs = await startReportingJobs({
    connection,
    audit,
    security,
    publishPending: reporting.publishPending,
    outboxEveryMs: config.OUTBOX_EVERY_MS,
    logger,
  });
  shutdown.add('jobs', () => jobs.close());
  return { app, reporting, audit, security };
}
