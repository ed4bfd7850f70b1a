import { EVENT_QUEUES } from '@portal/contracts';
import {
  connectInfrastructure,
  consumeUserDeleted,
  createInternalClient,
  createServiceCredential,
  runService,
  createAuditPublisher,
} from '@portal/platform';
import { createApp } from './app';
import { billingSubscriptionClient } from './clients/billing.client';
import { configSchema } from './config';

void runService('download', configSchema, async (config, runtime) => {
  const infrastructure = await connectInfrastructure(config, runtime);
  const billing = createInternalClient({
    baseURL: config.BILLING_URL,
    credential: createServiceCredential('download', config.SERVICE_SECRET),
  });
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const audit = createAuditPublisher('download', connection, runtime.logger);
  runtime.shutdown.add('audit', () => audit.close());
  const { app, downloads } = await createApp({
    ...infrastructure,
    logger: runtime.logger,
    settings: config,
    subscriptions: billingSubscriptionClient(billing),
    audit,
  });
  const events = consumeUserDeleted(EVENT_QUEUES.download, connection, downloads.deleteUser, runtime.logger);
  runtime.shutdown.add('events', () => events.close());
  return app;
});
