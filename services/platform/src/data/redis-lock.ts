import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { serviceUnavailable } from '../errors/app-errors';

// Deletes the key only if it still holds our token, so a lock that expired and was taken by
// someone else is never released by us.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
// Extends the lock only while it is still ours.
const EXTEND = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

export interface LockOptions {
  /** How long the lock lives if its holder dies; a live holder extends it every third of this. */
  ttlMs?: number;
  /** How long to wait for a lock someone else holds. */
  waitMs?: number;
}

/**
 * Runs `work` while holding a Redis lock on `key`, so that check-then-write sequences on one
 * record (a user's subscription, an order) do not interleave across instances. A holder that is
 * alive keeps its lock however long the work takes; one that died loses it after `ttlMs`. What must
 * happen once is also claimed in the store (SingleUseClaims), which holds even if a lock was lost.
 */
export async function withRedisLock<T>(
  redis: Redis,
  key: string,
  work: () => Promise<T>,
  { ttlMs = 10_000, waitMs = 5_000 }: LockOptions = {},
): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + waitMs;
  let delay = 10;
  while ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') {
    if (Date.now() >= deadline) throw serviceUnavailable('The system is busy with this request. Please try again.');
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 100);
  }
  const watchdog = setInterval(() => {
    redis.eval(EXTEND, 1, key, token, ttlMs).catch(() => undefined); // a missed extension leaves the TTL to run
  }, ttlMs / 3);
  watchdog.unref();
  try {
    return await work();
  } finally {
    clearInterval(watchdog);
    await redis.eval(RELEASE, 1, key, token);
  }
}

/**
 * A service's locks under one namespace, each named by its kind and the record it guards
 * (`<namespace>lock:<kind>:<id>`), so the kinds a service declares are the only ones it can take.
 */
export function lockSpace<Kind extends string>(redis: Redis, namespace: string) {
  return <T>(kind: Kind, id: string, work: () => Promise<T>, options?: LockOptions): Promise<T> =>
    withRedisLock(redis, `${namespace}lock:${kind}:${id}`, work, options);
}
