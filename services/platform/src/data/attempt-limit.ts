import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors/app-errors';

/** Throws a 429 (with Retry-After) once the key has used up its attempts. */
export type AttemptLimit = (key: string) => Promise<void>;

export interface AttemptLimitOptions {
  /**
   * Lets attempts through while Redis is unreachable, telling this function. Without it the
   * attempt is refused (503): right for sign-in, sign-up and password resets, which guard accounts.
   */
  allowWhenUnavailable?: (error: unknown) => void;
}

/** Counts every attempt in Redis, so the limit holds across instances. */
export function createAttemptLimit(
  redis: Redis,
  keyPrefix: string,
  points: number,
  windowSeconds: number,
  /** The refusal, or what makes it from the seconds left to wait, so that it can say how long. */
  message: string | ((retryAfterSeconds: number) => string),
  { allowWhenUnavailable }: AttemptLimitOptions = {},
): AttemptLimit {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: windowSeconds });
  return async (key) => {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const wait = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw tooManyRequests(wait, typeof message === 'string' ? message : message(wait));
      }
      if (!allowWhenUnavailable) throw rejection;
      allowWhenUnavailable(rejection);
    }
  };
}
