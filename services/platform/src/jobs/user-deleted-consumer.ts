import { USER_DELETED, type UserDeletedEvent } from '@portal/contracts';
import type { Logger } from 'pino';
import { createWorker, type QueueConnection } from './queues';

/**
 * Consumes `user.deleted` from a service's own event queue. Handlers must be idempotent: BullMQ
 * retries a failed job, and admin-reporting may publish the same deletion twice.
 */
export function consumeUserDeleted(
  queue: string,
  connection: QueueConnection,
  onUserDeleted: (userId: string) => Promise<unknown>,
  logger: Logger,
) {
  const worker = createWorker<UserDeletedEvent>(
    queue,
    async (job) => {
      if (job.name !== USER_DELETED) throw new Error(`unknown event ${job.name}`);
      return onUserDeleted(job.data.userId);
    },
    connection,
  );
  worker.on('failed', (job, error) =>
    logger.error({ err: error, queue, job: job?.name, attempts: job?.attemptsMade }, 'event handler failed'),
  );
  return worker;
}
