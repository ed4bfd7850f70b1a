import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { serviceUnavailable } from '../errors/app-errors';

// Deletes the key only if it still holds our token, so a lock that expired and was taken by
// someone else is never released by us.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface LockOptions {
  /** How long the lock lives if its holder dies. */
  ttlMs?: number;
  /** How long to wait for a lock someone else holds. */
  waitMs?: number;
}

/**
 * Runs `work` while holding a Redis lock on `key`, so that check-then-write sequences (start a
 * trial, credit an order) happen once even across instances and on stores whose conditional
 * updates are not atomic across connections.
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
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE, 1, key, token);
  }
}
