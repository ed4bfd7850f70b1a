import type { Logger } from 'pino';
import { createQueue, type QueueConnection } from './queues';

export interface EventPublisher {
  /** false when the event could not be queued (it is logged); the change it reports has happened. */
  publish(name: string, data: object): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Publishes events to another service's queue. The change an event reports has already happened,
 * so a failure to publish is logged loudly rather than undoing it or failing the call; whatever
 * depends on the event must be able to catch up without it (a replay, a reconciliation).
 */
export function createEventPublisher(queueName: string, connection: QueueConnection, logger: Logger): EventPublisher {
  const queue = createQueue<object>(queueName, connection);
  return {
    async publish(name, data) {
      try {
        await queue.add(name, data, { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000 });
        return true;
      } catch (error) {
        logger.error({ err: error, queue: queueName, event: name, data }, 'event could not be published');
        return false;
      }
    },
    close: () => queue.close(),
  };
}
