import {
  connectInfrastructure,
  createAuditPublisher,
  createInternalClient,
  createServiceCredential,
  createSecurityLog,
  type ServiceRuntime,
} from '@portal/platform';
import type { Config } from '../config';
import { accountsClient, billingClient } from './clients/service-clients';

/**
 * What every capability of partners is wired with: the connections, the audit and security logs,
 * auth and billing as clients, and the clock. Opened once, before any capability.
 */
export async function openPartnersKit(settings: Config, runtime: ServiceRuntime, now: () => Date) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(settings, runtime);
  const { logger, shutdown } = runtime;
  const connection = { redisUrl: settings.REDIS_URL, prefix: settings.REDIS_PREFIX };
  const audit = createAuditPublisher('partners', connection, logger);
  shutdown.add('audit', () => audit.close());
  const securityLog = createSecurityLog('partners', connection, logger, now);
  shutdown.add('security log', () => securityLog.close());
  const credential = createServiceCredential('partners', settings.SERVICE_SECRET);
  return {
    settings,
    mongo,
    redis,
    verifyToken,
    logger,
    shutdown,
    connection,
    audit,
    securityLog,
    now,
    accounts: accountsClient(createInternalClient({ baseURL: settings.AUTH_URL, credential })),
    billing: billingClient(createInternalClient({ baseURL: settings.BILLING_URL, credential })),
  };
}
export type PartnersKit = Awaited<ReturnType<typeof openPartnersKit>>;
