import Redis from 'ioredis';
import { AppError, createLogger } from '@portal/platform';
import { createTestRedis, type TestRedis } from '@portal/platform/testing';
import { createRateLimit, type RateLimit } from '../src/middleware/rate-limit';
import { closedPortUrl } from './upstream-stubs';

/** Each call's outcome: 'ok', or the refusal's status and Retry-After seconds. */
async function outcome(limit: RateLimit, ip: string): Promise<string> {
  try {
    await limit(ip);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return `${error.status} retry ${error.headers?.['Retry-After']}`;
    throw error;
  }
}

describe('the gateway rate limit', () => {
  let redis: TestRedis;
  let clock: number;
  let prefix: string;
  let counter = 0;
  const limiter = (points: number, client: Redis = redis.redis) =>
    createRateLimit({ redis: client, prefix, points, windowSeconds: 60, logger: createLogger('gateway', 'silent'), now: () => clock });
  /** What Redis has counted for the address this window. */
  const counted = async (ip: string) => Number(await redis.redis.get(`${prefix}ratelimit:gateway:${ip}`));

  beforeAll(async () => {
    redis = await createTestRedis('rate-limit');
  });
  afterAll(() => redis.cleanup());
  beforeEach(() => {
    clock = Date.parse('2026-11-24T10:00:00Z');
    prefix = `${redis.prefix}${++counter}:`;
  });

  it('when an address calls, then points come from Redis a lease at a time (a twentieth of the limit) and are spent locally', async () => {
    const limit = limiter(100);
    await limit('10.0.0.1');
    expect(await counted('10.0.0.1')).toBe(5);
    for (let call = 2; call <= 5; call++) await limit('10.0.0.1');
    expect(await counted('10.0.0.1')).toBe(5);
    await limit('10.0.0.1');
    expect(await counted('10.0.0.1')).toBe(10);
  });

  it('when the limit is high, then a lease is still a twentieth of it, so Redis is asked as seldom', async () => {
    const limit = limiter(100_000);
    for (let call = 0; call < 5_000; call++) await limit('10.0.0.9');
    expect(await counted('10.0.0.9')).toBe(5_000);
    await limit('10.0.0.9');
    expect(await counted('10.0.0.9')).toBe(10_000);
  });

  it('when calls from one address arrive at once, then they share one lease rather than each taking one', async () => {
    const limit = limiter(600);
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => outcome(limit, '10.0.0.2')));
    expect(outcomes.every((value) => value === 'ok')).toBe(true);
    expect(await counted('10.0.0.2')).toBe(60); // two leases of 30 for 40 calls
  });

  it('when an address spends its limit, then exactly that many calls pass and the next is refused with the window’s wait', async () => {
    const limit = limiter(103); // leases of 5: the last 3 points are a part lease
    const outcomes: string[] = [];
    for (let call = 0; call < 104; call++) outcomes.push(await outcome(limit, '10.0.0.3'));
    expect(outcomes.slice(0, 103).every((value) => value === 'ok')).toBe(true);
    expect(outcomes[103]).toMatch(/^429 retry (59|60)$/);
    expect(await outcome(limit, '10.0.0.4')).toBe('ok'); // another address is not affected
  });

  it('when an address is over its limit, then it is refused without asking Redis until its window ends', async () => {
    const limit = limiter(3);
    for (let call = 0; call < 3; call++) await limit('10.0.0.5');
    expect(await outcome(limit, '10.0.0.5')).toMatch(/^429/);
    await redis.redis.del(`${prefix}ratelimit:gateway:10.0.0.5`); // Redis would now allow it
    expect(await outcome(limit, '10.0.0.5')).toMatch(/^429/);
    clock += 61_000; // the window is over: Redis is asked again, and has a fresh window
    expect(await outcome(limit, '10.0.0.5')).toBe('ok');
  });

  it('when two replicas share the limit, then together they allow no more than it', async () => {
    const first = limiter(100);
    const second = limiter(100);
    let allowed = 0;
    for (let call = 0; call < 150; call++) if ((await outcome(call % 2 ? first : second, '10.0.0.6')) === 'ok') allowed += 1;
    expect(allowed).toBeLessThanOrEqual(100);
    expect(allowed).toBeGreaterThanOrEqual(95); // a lease at most held back by the other replica
  });

  it('when Redis is unreachable, then the call is let through', async () => {
    const down = new Redis(await closedPortUrl().then((url) => url.replace('http', 'redis')), {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    try {
      expect(await outcome(limiter(3, down), '10.0.0.7')).toBe('ok');
    } finally {
      down.disconnect();
    }
  });
});
