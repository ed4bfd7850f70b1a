import { connectInfrastructure, runService } from '@portal/platform';
import { createApp } from './app';
import { configSchema } from './config';

void runService('admin-reporting', configSchema, async (config, runtime) => {
  const infrastructure = await connectInfrastructure(config, runtime);
  return createApp({ ...infrastructure, logger: runtime.logger, bodyLimit: config.BODY_LIMIT });
});
