import { AUDIT_RECORDED, EVENT_QUEUES, type AuditEvent } from '@portal/contracts';
import type { Logger } from 'pino';
import { createEventPublisher } from './event-publisher';
import type { QueueConnection } from './queues';

export type AuditPublisher = (event: Omit<AuditEvent, 'at' | 'service'>) => Promise<void>;

/** Publishes an admin action to admin-reporting's audit queue, after the action has happened. */
export function createAuditPublisher(
  service: string,
  connection: QueueConnection,
  logger: Logger,
): AuditPublisher & { close(): Promise<void> } {
  const events = createEventPublisher(EVENT_QUEUES.auditLog, connection, logger);
  const publish = async (event: Omit<AuditEvent, 'at' | 'service'>) => {
    await events.publish(AUDIT_RECORDED, { ...event, at: new Date().toISOString(), service });
  };
  return Object.assign(publish, { close: () => events.close() });
}
