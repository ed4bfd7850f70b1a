import type { RequestHandler } from 'express';
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

/**
 * A per-IP limit kept in Redis, so it holds across gateway replicas. When Redis itself fails the
 * request is let through: an outage of the limiter must not become an outage of the portal.
 */
export function rateLimit({ redis, prefix, points, windowSeconds, logger }: RateLimitOptions): RequestHandler {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}ratelimit:gateway`, points, duration: windowSeconds });
  return async (req, _res, next) => {
    try {
      await limiter.consume(req.ip ?? 'unknown');
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyRequests(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      logger.warn({ err: rejection }, 'rate limiter unavailable; request allowed');
    }
    next();
  };
}
