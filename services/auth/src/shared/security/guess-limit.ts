import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '@portal/platform';
import type { GuessLimit } from '../ports';

export interface GuessLimitOptions {
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
 * Guesses at a secret (a password, a user code) per subject and per address, in Redis so the limit
 * holds across instances. Each guess is counted before it is judged: Redis's increment is atomic,
 * so of twenty guesses that arrive together only the limit's worth are judged, where
 * reading the count first and adding a failure after the slow hash let all twenty through. A right
 * guess clears the subject's count and hands the address its point back.
 */
export function createGuessLimit({
  redis,
  prefix,
  name,
  subject: subjectKind,
  maxPerSubject,
  maxPerIp,
  windowSeconds,
  message,
}: GuessLimitOptions): GuessLimit {
  const limiter = (kind: string, points: number) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}${name}:${kind}`, points, duration: windowSeconds });
  const bySubject = limiter(subjectKind, maxPerSubject);
  const byIp = limiter('ip', maxPerIp);

  /** A guess refused by one counter was never judged, so the other counter that took it gives it back. */
  async function count(ip: string, subject: string) {
    const counters = [
      [bySubject, subject],
      [byIp, ip],
    ] as const;
    const outcomes = await Promise.allSettled(counters.map(([counter, key]) => counter.consume(key)));
    const failure = outcomes.find((outcome) => outcome.status === 'rejected' && !(outcome.reason instanceof RateLimiterRes));
    if (failure) throw (failure as PromiseRejectedResult).reason;
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as RateLimiterRes] : []));
    if (!refusals.length) return;
    await Promise.all(counters.filter((_, index) => outcomes[index]!.status === 'fulfilled').map(([counter, key]) => counter.reward(key)));
    const wait = Math.max(...refusals.map((refusal) => refusal.msBeforeNext));
    throw tooManyRequests(Math.max(1, Math.ceil(wait / 1000)), message);
  }

  return {
    async judge(ip, subject, isRight) {
      await count(ip, subject);
      const right = await isRight();
      if (right) await Promise.all([bySubject.delete(subject), byIp.reward(ip)]);
      return right;
    },
  };
}
