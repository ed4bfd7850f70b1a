import { Redis } from 'ioredis';
import { rememberedReads } from '@portal/platform';
import { createTestRedis, type TestRedis } from '@portal/platform/testing';

describe('reads remembered between calls, under a generation in the real Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await createTestRedis('remembered');
  });
  afterAll(() => redis.cleanup());

  /** A store whose reads are counted, holding `value`. */
  const store = (value: string) => {
    const state = { value, reads: 0 };
    return { state, load: async () => (state.reads++, state.value) };
  };

  it('when nothing changed, then the second read is remembered; when a change advanced the generation, then every process reads again', async () => {
    const generation = `${redis.prefix}gen:a`;
    const [one, other] = [rememberedReads<string>(redis.redis), rememberedReads<string>(redis.redis)];
    const { state, load } = store('first');
    expect(await one.read(generation, 'a', load)).toBe('first');
    expect(await one.read(generation, 'a', load)).toBe('first');
    expect(await other.read(generation, 'a', load)).toBe('first');
    expect(state.reads).toBe(2); // once by each process

    state.value = 'second';
    await other.changed(generation);
    expect(await one.read(generation, 'a', load)).toBe('second');
    expect(await other.read(generation, 'a', load)).toBe('second');
    expect(state.reads).toBe(4);
  });

  it('when Redis loses the generation, then it comes back unlike the one a read was remembered under, even in the same millisecond', async () => {
    const generation = `${redis.prefix}gen:lost`;
    const remembered = rememberedReads<string>(redis.redis);
    const { state, load } = store('before');
    await remembered.read(generation, 'b', load);
    state.value = 'after';
    await redis.redis.del(generation); // the change's advance lost with Redis's data
    expect(await remembered.read(generation, 'b', load)).toBe('after');
  });

  it('when a read is older than its longest life, then it is made again whatever the generation says', async () => {
    const remembered = rememberedReads<string>(redis.redis, { maxAgeMs: 0 });
    const { state, load } = store('x');
    await remembered.read(`${redis.prefix}gen:c`, 'c', load);
    await remembered.read(`${redis.prefix}gen:c`, 'c', load);
    expect(state.reads).toBe(2);
  });

  it('when Redis cannot be reached, then each read goes to the store, and a change is not refused', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    const remembered = rememberedReads<string>(unreachable);
    const { state, load } = store('y');
    expect(await remembered.read('gen:d', 'd', load)).toBe('y');
    expect(await remembered.read('gen:d', 'd', load)).toBe('y');
    expect(state.reads).toBe(2);
    await expect(remembered.changed('gen:d')).resolves.toBeUndefined();
    unreachable.disconnect();
  });
});
