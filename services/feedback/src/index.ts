import { EVENT_QUEUES } from '@portal/contracts';
import { connectInfrastructure, consumeUserDeleted, runService } from '@portal/platform';
import { createApp } from './app';
import { configSchema } from './config';

void runService('feedback', configSchema, async (config, runtime) => {
  const infrastructure = await connectInfrastructure(config, runtime);
  const { app, feedback } = await createApp({ ...infrastructure, logger: runtime.logger, settings: config });
  const events = consumeUserDeleted(
    EVENT_QUEUES.feedback,
    { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX },
    feedback.deleteUser,
    runtime.logger,
  );
  runtime.shutdown.add('events', () => events.close());
  return app;
});
