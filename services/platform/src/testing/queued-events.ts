import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { TestRedis } from './test-infrastructure';

/**
 * What a service published to another's queue and nobody has finished consuming: the events named
 * `name`, oldest first, as the consuming service would take them (what was sent, read from Redis
 * itself). A job a worker holds (active) counts, so "none left" means every one was handled.
 */
export async function queuedEvents<T>(redis: TestRedis, queueName: string, name: string): Promise<T[]> {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  const queue = new Queue(queueName, { connection, prefix: `${redis.prefix}bull` });
  try {
    const jobs = await queue.getJobs(['active', 'waiting', 'delayed', 'prioritized'], 0, -1, true);
    return jobs.filter((job) => job.name === name).map((job) => job.data as T);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
