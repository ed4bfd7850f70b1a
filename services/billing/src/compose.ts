import {
  connectInfrastructure,
  createInternalClient,
  createMailer,
  createMetrics,
  createServiceCredential,
  type ServiceRuntime,
  createAuditPublisher,
} from '@portal/platform';
import { createApp } from './app';
import { authDirectoryClient } from './clients/auth.client';
import { createPhonePeClient } from './clients/phonepe.client';
import type { Config } from './config';
import { startBillingJobs } from './jobs/billing-jobs';

/** Builds billing from its configuration: the HTTP app, and the job workers when asked for. */
export async function composeBilling(config: Config, runtime: ServiceRuntime, { workers }: { workers: boolean }) {
  const infrastructure = await connectInfrastructure(config, runtime);
  const metrics = createMetrics('billing');
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
  runtime.shutdown.add('mailer', () => mailer.close());
  const users = authDirectoryClient(
    createInternalClient({ baseURL: config.AUTH_URL, credential: createServiceCredential('billing', config.SERVICE_SECRET) }),
  );
  const gateway = createPhonePeClient({
    clientId: config.PHONEPE_CLIENT_ID,
    clientSecret: config.PHONEPE_CLIENT_SECRET,
    clientVersion: config.PHONEPE_CLIENT_VERSION,
    oauthBaseUrl: config.PHONEPE_OAUTH_BASE_URL,
    pgBaseUrl: config.PHONEPE_PG_BASE_URL,
  });
  const audit = createAuditPublisher('billing', { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, runtime.logger);
  runtime.shutdown.add('audit', () => audit.close());
  const built = await createApp({
    ...infrastructure,
    logger: runtime.logger,
    metrics,
    settings: config,
    gateway,
    users,
    mail: mailer,
    audit,
  });
  if (workers) {
    const jobs = await startBillingJobs({
      connection: { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX },
      expiry: built.expiry,
      payments: built.payments,
      reporting: built.reporting,
      logger: runtime.logger,
      metrics,
      every: {
        expirySweepMs: config.EXPIRY_SWEEP_EVERY_MS,
        remindersMs: config.REMINDERS_EVERY_MS,
        reconcileMs: config.RECONCILE_EVERY_MS,
      },
      reconcileAfterMs: config.RECONCILE_AFTER_MS,
    });
    // shutdown runs in reverse: the HTTP server (added after this) drains first, then the workers stop
    runtime.shutdown.add('jobs', () => jobs.close());
  }
  return built.app;
}
