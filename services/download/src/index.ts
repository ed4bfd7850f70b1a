import { EVENT_QUEUES } from '@portal/contracts';
import { connectInfrastructure, consumeUserDeleted, createInternalClient, createServiceCredential, runService } from '@portal/platform';
import { createApp } from './app';
import { billingSubscriptionClient } from './clients/billing.client';
import { configSchema } from './config';

void runService('download', configSchema, async (config, runtime) => {
  const infrastructure = await connectInfrastructure(config, runtime);
  const billing = createInternalClient({
    baseURL: config.BILLING_URL,
    credential: createServiceCredential('download', config.SERVICE_SECRET),
  });
  const { app, downloads } = await createApp({
    ...infrastructure,
    logger: runtime.logger,
    settings: config,
    subscriptions: billingSubscriptionClient(billing),
  });
  const events = consumeUserDeleted(
    EVENT_QUEUES.download,
    { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX },
    downloads.deleteUser,
    runtime.logger,
  );
  runtime.shutdown.add('events', () => events.close());
  return app;
});
