import { Redis, type RedisOptions } from 'ioredis';
import type { ReadinessCheck } from '../observability/readiness';

/**
 * A connection for request paths: commands fail at once while Redis is away instead of
 * queueing, so a request answers 503 rather than hanging.
 */
export async function connectRedis(url: string, options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, ...options });
  await redis.connect();
  return redis;
}

export function redisReadiness(redis: Redis): ReadinessCheck {
  return { name: 'redis', check: () => redis.ping() };
}
