import type { Logger } from 'pino';
import { createWorker, type QueueConnection } from './queues';

export type EventHandlers = Record<string, (data: unknown) => Promise<unknown>>;

/**
 * Consumes a service's own event queue, each event by its name. Handlers must be idempotent:
 * BullMQ retries a failed job, and a publisher may send the same event twice. Several run at once,
 * so that a slow one (a person's deletion) does not hold up the quick ones behind it; events whose
 * order matters carry revisions.
 */
export function consumeEvents(queue: string, handlers: EventHandlers, connection: QueueConnection, logger: Logger) {
  const worker = createWorker<unknown>(
    queue,
    async (job) => {
      const handle = handlers[job.name];
      if (!handle) throw new Error(`unknown event ${job.name}`);
      return handle(job.data);
    },
    connection,
    { concurrency: 4 },
  );
  worker.on('failed', (job, error) =>
    logger.error({ err: error, queue, job: job?.name, attempts: job?.attemptsMade }, 'event handler failed'),
  );
  return worker;
}
