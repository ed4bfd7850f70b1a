import { Shutdown } from '../lifecycle/shutdown';
import type { ServiceRuntime } from '../lifecycle/run-service';
import { createLogger } from '../observability/logger';
import type { TestDatabase, TestRedis } from './test-infrastructure';

/** A service's runtime in a test: a silent logger, and `stop()` closes what compose opened. */
export function testRuntime(name: string): ServiceRuntime & { stop(): Promise<void> } {
  const logger = createLogger(name, (process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent');
  const shutdown = new Shutdown(logger);
  return { logger, shutdown, stop: () => shutdown.run() };
}

/**
 * The settings every service shares, as the environment would give them, pointing at a test's own
 * database, Redis prefix and keys; a test adds its service's own and parses them with the
 * service's config schema, as production does.
 */
export function testServiceEnv({
  db,
  redis,
  publicKey,
  serviceSecret,
}: {
  db: TestDatabase;
  redis: TestRedis;
  publicKey: string;
  serviceSecret: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGODB_URI: db.uri,
    MONGODB_DB: db.dbName,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    JWT_PUBLIC_KEY: publicKey,
    SERVICE_SECRET: serviceSecret,
  };
}
