import { connectInfrastructure, createMailer, runService } from '@portal/platform';
import { createApp } from './app';
import { configSchema } from './config';

void runService('auth', configSchema, async (config, runtime) => {
  const infrastructure = await connectInfrastructure(config, runtime);
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
  runtime.shutdown.add('mailer', () => mailer.close());
  const { app, adminAccounts } = await createApp({ ...infrastructure, logger: runtime.logger, settings: config, mail: mailer });
  const created = await adminAccounts.bootstrapFirstAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  if (created) runtime.logger.info({ email: created }, 'first admin created from ADMIN_EMAIL');
  return app;
});
