import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { createQueue, createWorker, type QueueConnection } from '@portal/platform';
import type { DeliveryQueue } from '../domain/ports';
import { DELIVERY_ATTEMPTS, retryDelayMs } from '../domain/retry-schedule';
import type { DeliveryOutcome } from '../domain/delivery.use-cases';

const QUEUE = 'notifications-delivery';

interface DeliveryJob {
  id: string;
}

/** One job per message: BullMQ's id, which may not hold the colons that keys do. */
const jobIdOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/** A try that failed and is to be tried again by the schedule (BullMQ retries a job that throws). */
class TryAgain extends Error {}

/**
 * The queue of tries. A job holds only the message's id (the message and its attachments are in
 * the database), one job per id at a time; a job ends when its message is sent or failed, so that
 * an overdue message can be queued again by the sweep. A job whose process was killed is taken up
 * again by BullMQ's stalled-job check.
 */
export function deliveryQueue(connection: QueueConnection): DeliveryQueue & { close(): Promise<void> } {
  const queue = createQueue<DeliveryJob>(QUEUE, connection);
  return {
    async enqueue(id) {
      await queue.add(
        'deliver',
        { id },
        {
          jobId: jobIdOf(id),
          attempts: DELIVERY_ATTEMPTS,
          backoff: { type: 'schedule' },
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
    },
    close: () => queue.close(),
  };
}

export function deliveryWorker(
  connection: QueueConnection,
  deliver: (id: string, tried: number) => Promise<DeliveryOutcome>,
  { retryScale, perSecond, logger }: { retryScale: number; perSecond: number; logger: Logger },
) {
  const worker = createWorker<DeliveryJob>(
    QUEUE,
    async (job) => {
      const outcome = await deliver(job.data.id, job.attemptsMade);
      if (outcome === 'retry') throw new TryAgain('the provider did not take the message; tried again later');
      return outcome;
    },
    connection,
    {
      concurrency: 4,
      // the provider's rate, shared by every replica through Redis
      limiter: { max: perSecond, duration: 1000 },
      // a worker killed mid-try: its job runs again, however often that happens, and soon: a
      // person waits for a reset link, so a lock lapses in 10 s (renewed every 5 s while a try
      // runs) and the check for lapsed ones runs every 5 s, rather than 30 s and 30 s
      maxStalledCount: 10,
      lockDuration: 10_000,
      stalledInterval: 5_000,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, retryScale) },
    },
  );
  worker.on('failed', (job, error) => {
    if (!(error instanceof TryAgain)) logger.error({ err: error, message: job?.data.id }, 'delivery try failed unexpectedly');
  });
  return worker;
}
