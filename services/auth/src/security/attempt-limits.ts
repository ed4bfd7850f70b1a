import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '@portal/platform';
import type { LoginThrottle } from '../domain/ports';

const retryAfter = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

export interface LoginThrottleOptions {
  redis: Redis;
  prefix: string;
  maxPerEmail: number;
  maxPerIp: number;
  windowSeconds: number;
}

const TOO_MANY_FAILURES = 'Too many failed sign-in attempts. Please wait and try again.';

/** Counts failed sign-ins per e-mail and per address; a success clears the e-mail's count. */
export function createLoginThrottle({ redis, prefix, maxPerEmail, maxPerIp, windowSeconds }: LoginThrottleOptions): LoginThrottle {
  const byEmail = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${prefix}login-fail:email`,
    points: maxPerEmail,
    duration: windowSeconds,
  });
  const byIp = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}login-fail:ip`, points: maxPerIp, duration: windowSeconds });
  const consumeQuietly = (limiter: RateLimiterRedis, key: string) =>
    limiter.consume(key).catch((rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
  return {
    async assertAllowed(ip, email) {
      const [emailState, ipState] = await Promise.all([byEmail.get(email), byIp.get(ip)]);
      for (const [state, max] of [
        [emailState, maxPerEmail],
        [ipState, maxPerIp],
      ] as const) {
        if (state && state.consumedPoints >= max) throw tooManyRequests(retryAfter(state), TOO_MANY_FAILURES);
      }
    },
    async recordFailure(ip, email) {
      await Promise.all([consumeQuietly(byEmail, email), consumeQuietly(byIp, ip)]);
    },
    async recordSuccess(email) {
      await byEmail.delete(email);
    },
  };
}
