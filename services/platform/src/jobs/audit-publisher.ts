import { AUDIT_RECORDED, EVENT_QUEUES, type AuditEvent } from '@portal/contracts';
import type { Logger } from 'pino';
import { createQueue, type QueueConnection } from './queues';

export type AuditPublisher = (event: Omit<AuditEvent, 'at' | 'service'>) => Promise<void>;

/**
 * Publishes an admin action to admin-reporting's audit queue. The change itself has already
 * happened, so a failure to publish is logged loudly rather than undoing it or failing the call.
 */
export function createAuditPublisher(
  service: string,
  connection: QueueConnection,
  logger: Logger,
): AuditPublisher & { close(): Promise<void> } {
  const queue = createQueue<AuditEvent>(EVENT_QUEUES.auditLog, connection);
  const publish = async (event: Omit<AuditEvent, 'at' | 'service'>) => {
    try {
      await queue.add(
        AUDIT_RECORDED,
        { ...event, at: new Date().toISOString(), service },
        { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000 },
      );
    } catch (error) {
      logger.error({ err: error, audit: event }, 'audit event could not be published');
    }
  };
  return Object.assign(publish, { close: () => queue.close() });
}
