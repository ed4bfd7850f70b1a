import type { Express } from 'express';
import { createServiceApp, mongoReadiness, redisReadiness, type Infrastructure, type Logger } from '@portal/platform';
import { auditRepository } from './data/audit.repository';
import { usageRepository } from './data/usage.repository';
import type { DownloadReader, SubscriptionReader, UserDeletedPublisher, UserDirectory } from './domain/ports';
import { reportingUseCases } from './domain/reporting.use-cases';
import { adminRoutes } from './routes/admin.routes';
import { usageRoutes } from './routes/usage.routes';

export interface AppDeps extends Infrastructure {
  logger: Logger;
  bodyLimit: string;
  users: UserDirectory;
  subscriptions: SubscriptionReader;
  downloads: DownloadReader;
  publishUserDeleted: UserDeletedPublisher;
}

export async function createApp(deps: AppDeps) {
  const audit = auditRepository(deps.mongo);
  const usage = usageRepository(deps.mongo);
  await Promise.all([audit.ready, usage.ready]);
  const reporting = reportingUseCases({ ...deps, audit });
  const app: Express = createServiceApp({
    name: 'admin-reporting',
    logger: deps.logger,
    bodyLimit: deps.bodyLimit,
    readiness: [mongoReadiness(deps.mongo), redisReadiness(deps.redis)],
    routes: (router) => {
      router.use(adminRoutes(reporting, deps.verifyToken));
      router.use(usageRoutes(usage, deps.verifyToken, deps.logger));
    },
  });
  return { app, reporting, audit };
}
