import { withRedisLock } from '@portal/platform';
import { createTestRedis, type TestRedis } from '@portal/platform/testing';

describe('the Redis lock on the real Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await createTestRedis('lock');
  });
  afterAll(() => redis.cleanup());

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('when the work outlasts the lock’s time to live, then the live holder keeps it and no one else gets in', async () => {
    const key = `${redis.prefix}lock:long`;
    const inside: string[] = [];
    const holder = withRedisLock(
      redis.redis,
      key,
      async () => {
        inside.push('holder in');
        await pause(4500); // half as long again as the TTL
        inside.push('holder out');
      },
      // The watchdog extends every third of the TTL, so only an event loop stalled for two thirds
      // of it loses the lock: a TTL of seconds keeps a busy test machine's pauses well inside that.
      { ttlMs: 3000 },
    );
    await pause(3500);
    await expect(withRedisLock(redis.redis, key, async () => inside.push('contender'), { waitMs: 200 })).rejects.toMatchObject({
      status: 503,
    });
    await holder;
    await withRedisLock(redis.redis, key, async () => inside.push('contender'));
    expect(inside).toEqual(['holder in', 'holder out', 'contender']);
    expect(await redis.redis.exists(key)).toBe(0);
  });

  it('when a holder died, then its lock is taken after the time to live', async () => {
    const key = `${redis.prefix}lock:dead`;
    const started = Date.now(); // before the set: a busy event loop may see its answer late
    await redis.redis.set(key, 'a holder that died', 'PX', 300);
    expect(await withRedisLock(redis.redis, key, async () => 'mine', { waitMs: 2000 })).toBe('mine');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
