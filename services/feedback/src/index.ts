import { EVENT_QUEUES } from '@portal/contracts';
import { connectInfrastructure, consumeUserDeleted, runService, createAuditPublisher } from '@portal/platform';
import { createApp } from './app';
import { configSchema } from './config';

void runService('feedback', configSchema, async (config, runtime) => {
  const infrastructure = await connectInfrastructure(config, runtime);
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const audit = createAuditPublisher('feedback', connection, runtime.logger);
  runtime.shutdown.add('audit', () => audit.close());
  const { app, feedback } = await createApp({ ...infrastructure, logger: runtime.logger, settings: config, audit });
  const events = consumeUserDeleted(EVENT_QUEUES.feedback, connection, feedback.deleteUser, runtime.logger);
  runtime.shutdown.add('events', () => events.close());
  return app;
});
