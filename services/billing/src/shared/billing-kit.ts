import type { Redis } from 'ioredis';
import { EVENT_QUEUES } from '@portal/contracts';
import {
  connectInfrastructure,
  createApiKeyVerifier,
  createAuditPublisher,
  createEventPublisher,
  createInternalClient,
  createMetrics,
  createSecurityLog,
  createServiceCredential,
  openMessageOutbox,
  singleUseClaims,
  testClock,
  lockSpace,
  systemClock,
  withRedisLock,
  type KeyLock,
  type ServiceRuntime,
} from '@portal/platform';
import { sellerOf, type Config } from '../config';
import { authDirectoryClient, authFirmStateClient } from './clients/auth.client';
import { firmDirectoryRepository } from './data/firm-directory.repository';
import { firmsReadingTheirWrites } from './data/firms-read-your-writes';
import { migrateStoredRecords } from './data/record-migrations';
import type { LockKind } from './lock-keys';
import type { Lock } from './ports';
import { accountGuards } from './routes/billing-account';
import { accountEvents } from './account-events';

/** The system clock, or the browser tests' (TEST_CLOCK_FILE, which the config allows in tests only). */
export const clockOf = (config: Config) => (config.TEST_CLOCK_FILE ? testClock(config.TEST_CLOCK_FILE) : undefined);

/** The lock of the read models written over older revisions (the firms', the channels'), on a record's key. */
function recordLock(redis: Redis, prefix: string): KeyLock {
  return (key, work) => withRedisLock(redis, `${prefix}billing:${key}`, work);
}

/**
 * What every capability of billing is wired with: the connections, the outbox, the logs, the
 * lock, the people (auth's directory) and the firms (the read model of auth's events), the seller
 * and the clock. Opened once, before any capability.
 */
export async function openBillingKit(config: Config, runtime: ServiceRuntime, now: (() => Date) | undefined) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(config, runtime);
  const { logger, shutdown } = runtime;
  const connection = { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const mail = await openMessageOutbox(
    mongo,
    { service: 'billing', notificationsUrl: config.NOTIFICATIONS_URL, serviceSecret: config.SERVICE_SECRET },
    runtime,
  );
  const audit = createAuditPublisher('billing', connection, logger);
  const securityLog = createSecurityLog('billing', connection, logger, now);
  shutdown.add('security log', () => securityLog.close());
  shutdown.add('audit', () => audit.close());
  const authCalls = createInternalClient({
    baseURL: config.AUTH_URL,
    credential: createServiceCredential('billing', config.SERVICE_SECRET),
  });
  // before any model is compiled: their indexes name the renamed field
  const migrated = await migrateStoredRecords(mongo);
  if (Object.keys(migrated).length) logger.info({ migrated }, 'records of an older release carried over');
  const lock: Lock = lockSpace<LockKind>(redis, `${config.REDIS_PREFIX}billing:`);
  const keyLock = recordLock(redis, config.REDIS_PREFIX);
  // where each store keeps what every process remembers of it
  const cache = { redis, prefix: config.REDIS_PREFIX };
  const firms = firmsReadingTheirWrites(firmDirectoryRepository(mongo, keyLock, cache), authFirmStateClient(authCalls));
  const claims = singleUseClaims(mongo);
  await Promise.all([claims.ready, firms.ready]);
  const toWebhooks = createEventPublisher(EVENT_QUEUES.webhooks, connection, logger);
  shutdown.add('account events', () => toWebhooks.close());
  // a read-only API key's use, named in the security log once a minute at most
  const verifyApiKey = createApiKeyVerifier({
    redis,
    redisPrefix: config.REDIS_PREFIX,
    now,
    onUsed: ({ keyId, userId, email, scope }) =>
      void securityLog({
        kind: 'api-key',
        outcome: 'success',
        subject: { type: 'user', id: userId, label: email },
        reason: 'used',
        details: { keyId, scope },
      }),
  });
  const seller = sellerOf(config);
  if (seller.demo) logger.warn('SELLER_* settings are not set: invoices carry the demo seller and say they are not valid');
  return {
    config,
    mongo,
    redis,
    verifyToken,
    logger,
    shutdown,
    metrics: createMetrics('billing'),
    connection,
    mail,
    audit,
    securityLog,
    users: authDirectoryClient(authCalls, cache),
    cache,
    firms,
    /** Events for the integrators' webhooks (notifications delivers them). */
    events: accountEvents(toWebhooks, firms),
    lock,
    keyLock,
    claims,
    seller,
    verifyApiKey,
    account: accountGuards(verifyToken, firms, verifyApiKey),
    now,
    clock: now ?? systemClock,
  };
}

export type BillingKit = Awaited<ReturnType<typeof openBillingKit>>;
