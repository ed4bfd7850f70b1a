import { connectInfrastructure, createInternalClient, createServiceCredential, runService } from '@portal/platform';
import { createApp } from './app';
import { authClient, billingClient, downloadClient } from './clients/service-clients';
import { configSchema } from './config';
import { createUserDeletedPublisher, startReportingJobs } from './jobs/reporting-jobs';

void runService('admin-reporting', configSchema, async (config, runtime) => {
  const infrastructure = await connectInfrastructure(config, runtime);
  const credential = createServiceCredential('admin-reporting', config.SERVICE_SECRET);
  const internal = (baseURL: string) => createInternalClient({ baseURL, credential, timeoutMs: 30_000 });
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const publishUserDeleted = createUserDeletedPublisher(connection);
  runtime.shutdown.add('event queues', () => publishUserDeleted.close());
  const { app, reporting, audit } = await createApp({
    ...infrastructure,
    logger: runtime.logger,
    bodyLimit: config.BODY_LIMIT,
    users: authClient(internal(config.AUTH_URL)),
    subscriptions: billingClient(internal(config.BILLING_URL)),
    downloads: downloadClient(internal(config.DOWNLOAD_URL)),
    publishUserDeleted,
  });
  const jobs = await startReportingJobs({
    connection,
    audit,
    publishPending: reporting.publishPending,
    outboxEveryMs: config.OUTBOX_EVERY_MS,
    logger: runtime.logger,
  });
  runtime.shutdown.add('jobs', () => jobs.close());
  return app;
});
