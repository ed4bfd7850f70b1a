import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '@portal/platform';

export interface RateLimitOptions {
  redis: Redis;
  prefix: string;
  points: number;
  windowSeconds: number;
  logger: Logger;
}

export type RateLimit = (clientIp: string) => Promise<void>;

/**
 * A per-IP limit kept in Redis, so it holds across gateway replicas. When Redis itself fails the
 * call is let through: an outage of the limiter must not become an outage of the portal.
 */
export function createRateLimit({ redis, prefix, points, windowSeconds, logger }: RateLimitOptions): RateLimit {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}ratelimit:gateway`, points, duration: windowSeconds });
  return async (clientIp) => {
    try {
      await limiter.consume(clientIp);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      logger.warn({ err: rejection }, 'rate limiter unavailable; request allowed');
    }
  };
}
