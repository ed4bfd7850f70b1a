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
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
}

/** Answers at once while the address's lease lasts; a promise only when Redis must be asked. */
export type RateLimit = (clientIp: string) => void | Promise<void>;

/**
 * A lease is this share of the limit, so an address costs each replica about as many Redis calls
 * per window whatever its limit: a fixed lease made a high limit a Redis call every few requests.
 */
const LEASES_PER_WINDOW = 20;
/** Addresses remembered at once; the oldest go first, and an address forgotten only asks Redis again. */
const MAX_ADDRESSES = 10_000;

interface Lease {
  /** Points taken from Redis for this window and not yet spent. */
  left: number;
  /** When the window in Redis ends; the lease ends with it. */
  endsAt: number;
  /** Redis has no more points for this window: calls are refused until it ends. */
  exhausted: boolean;
}

/**
 * A per-IP limit kept in Redis, so it holds across gateway replicas. Asking Redis on every call
 * was the gateway's largest cost per request, so each replica takes points from Redis a lease at
 * a time (a twentieth of the limit), one request at a time per address, and spends them
 * locally; an address over its limit is refused locally until its window ends. One replica
 * allows exactly `points` per window; several may refuse an address that spreads its calls over
 * them up to a lease early each. When Redis itself fails the call is let through: an outage of
 * the limiter must not become an outage of the portal.
 */
export function createRateLimit({ redis, prefix, points, windowSeconds, logger, now = Date.now }: RateLimitOptions): RateLimit {
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}ratelimit:gateway`, points, duration: windowSeconds });
  const leaseSize = Math.max(1, Math.floor(points / LEASES_PER_WINDOW));
  const leases = new Map<string, Lease>();
  const taking = new Map<string, Promise<Lease>>();

  /** Points from Redis: a whole lease, or what the window had left when that was less. */
  async function takeLease(clientIp: string): Promise<Lease> {
    try {
      const taken = await limiter.consume(clientIp, leaseSize);
      return { left: leaseSize, endsAt: now() + taken.msBeforeNext, exhausted: false };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // Redis counted the whole lease; what the window held before it is still this address's.
      const before = rejection.consumedPoints - leaseSize;
      return { left: Math.max(0, Math.min(leaseSize, points - before)), endsAt: now() + rejection.msBeforeNext, exhausted: true };
    }
  }

  function leaseFor(clientIp: string): Promise<Lease> {
    let pending = taking.get(clientIp);
    if (!pending) {
      pending = takeLease(clientIp)
        .then((lease) => {
          leases.delete(clientIp);
          if (leases.size >= MAX_ADDRESSES) leases.delete(leases.keys().next().value as string);
          leases.set(clientIp, lease);
          return lease;
        })
        .finally(() => taking.delete(clientIp));
      taking.set(clientIp, pending);
    }
    return pending;
  }

  /** Spends a point of the lease, refuses when Redis has none left; false when a new lease is needed. */
  function spend(lease: Lease | undefined): boolean {
    if (!lease || lease.endsAt <= now()) return false;
    if (lease.left > 0) {
      lease.left -= 1;
      return true;
    }
    if (lease.exhausted) throw tooManyRequests(Math.max(1, Math.ceil((lease.endsAt - now()) / 1000)));
    return false;
  }

  async function spendFromNewLease(clientIp: string): Promise<void> {
    for (;;) {
      let lease: Lease;
      try {
        lease = await leaseFor(clientIp);
      } catch (error) {
        logger.warn({ err: error }, 'rate limiter unavailable; request allowed');
        return;
      }
      if (spend(lease)) return;
    }
  }

  return (clientIp) => (spend(leases.get(clientIp)) ? undefined : spendFromNewLease(clientIp));
}
