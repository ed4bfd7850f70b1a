import type { Redis } from 'ioredis';

// Starts the counter at the clock's microseconds when Redis has none (first use, or Redis lost its
// data), so a restarted counter still runs ahead of every revision issued before.
const NEXT = "redis.call('set', KEYS[1], ARGV[1], 'NX') return redis.call('incr', KEYS[1])";

/**
 * A publisher's revisions: strictly increasing across its instances (Redis INCR is atomic, which a
 * conditional update on FerretDB 1.x is not). Take the revision before reading the state an event
 * carries: then the event with the highest revision carries the newest state.
 */
export function revisionCounter(redis: Redis, key: string) {
  return {
    async next(): Promise<number> {
      return Number(await redis.eval(NEXT, 1, key, Date.now() * 1000));
    },
  };
}
