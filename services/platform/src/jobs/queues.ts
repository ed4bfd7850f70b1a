import { hostname } from 'node:os';
import { Queue, Worker, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';

export interface QueueConnection {
  redisUrl: string;
  /** BullMQ's own key prefix; ioredis keyPrefix must not be used with BullMQ. */
  prefix: string;
}

/** A queue for request paths: fails fast (the route answers 503) when Redis is away. */
export function createQueue<T>(name: string, { redisUrl, prefix }: QueueConnection): Queue<T> {
  const connection = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const queue = new Queue<T>(name, { connection, prefix: `${prefix}bull` });
  queue.on('error', () => undefined); // surfaced through the failing call instead
  const close = queue.close.bind(queue);
  queue.close = async () => {
    await close();
    connection.disconnect();
  };
  return queue;
}

/**
 * The process's name on every job it runs (BullMQ's `processedBy`): the pod's name in a cluster,
 * the container's in compose, so that which replica ran a job can be read off the job.
 */
const WORKER_NAME = `${hostname()}/${process.pid}`;

/** A worker that blocks on Redis; BullMQ requires maxRetriesPerRequest: null for it. */
export function createWorker<T>(
  name: string,
  processor: Processor<T>,
  { redisUrl, prefix }: QueueConnection,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
): Worker<T> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const worker = new Worker<T>(name, processor, { name: WORKER_NAME, ...options, connection, prefix: `${prefix}bull` });
  const close = worker.close.bind(worker);
  worker.close = async (force?: boolean) => {
    await close(force);
    connection.disconnect();
  };
  return worker;
}
