import { hostname } from 'node:os';
import { createQueue, createWorker } from '@portal/platform';
import { createTestRedis, type TestRedis } from '@portal/platform/testing';

describe('BullMQ helpers on the real Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await createTestRedis('jobs');
  });
  afterAll(() => redis.cleanup());

  it('when a job is added, then a worker processes it and its keys live under the prefix', async () => {
    const connection = { redisUrl: redis.url, prefix: redis.prefix };
    const queue = createQueue<{ n: number }>('square', connection);
    const seen: number[] = [];
    const worker = createWorker<{ n: number }>(
      'square',
      async (job) => {
        seen.push(job.data.n);
        return job.data.n * job.data.n;
      },
      connection,
    );
    const done = new Promise<unknown>((resolve) => worker.on('completed', (_job, result) => resolve(result)));

    const job = await queue.add('square', { n: 7 });
    expect(await done).toBe(49);
    expect(seen).toEqual([7]);
    // which replica ran it, for an operator (and the cluster check) to read off the job
    expect((await queue.getJob(job.id as string))?.processedBy).toBe(`${hostname()}/${process.pid}`);
    const keys = await redis.redis.keys(`${redis.prefix}bull:square:*`);
    expect(keys.length).toBeGreaterThan(0);

    await worker.close();
    await queue.close();
  });
});
