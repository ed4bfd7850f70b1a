import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '@portal/platform';
import type { FailureThrottle } from '../domain/ports';

const retryAfter = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

export interface FailureThrottleOptions {
  redis: Redis;
  /** Names the counters in Redis: `<prefix><name>:<subject>` and `<prefix><name>:ip`. */
  prefix: string;
  name: string;
  /** What the subject is: `email`, `user`. */
  subject: string;
  maxPerSubject: number;
  maxPerIp: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts failures (a wrong password, a wrong user code) per subject and per address, in Redis so
 * the limit holds across instances; past either limit, a 429 says when to try again.
 */
export function createFailureThrottle({
  redis,
  prefix,
  name,
  subject: subjectKind,
  maxPerSubject,
  maxPerIp,
  windowSeconds,
  message,
}: FailureThrottleOptions): FailureThrottle {
  const limiter = (kind: string, points: number) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}${name}:${kind}`, points, duration: windowSeconds });
  const bySubject = limiter(subjectKind, maxPerSubject);
  const byIp = limiter('ip', maxPerIp);
  const consumeQuietly = (counter: RateLimiterRedis, key: string) =>
    counter.consume(key).catch((rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
  return {
    async assertAllowed(ip, subject) {
      const [subjectState, ipState] = await Promise.all([bySubject.get(subject), byIp.get(ip)]);
      for (const [state, max] of [
        [subjectState, maxPerSubject],
        [ipState, maxPerIp],
      ] as const) {
        if (state && state.consumedPoints >= max) throw tooManyRequests(retryAfter(state), message);
      }
    },
    async recordFailure(ip, subject) {
      await Promise.all([consumeQuietly(bySubject, subject), consumeQuietly(byIp, ip)]);
    },
    async recordSuccess(subject) {
      await bySubject.delete(subject);
    },
  };
}
