import { EVENT_QUEUES, SECURITY_RECORDED, type SecurityEvent, type SecurityEventInput } from '@portal/contracts';
import type { Logger } from 'pino';
import { currentRequestOrigin } from '../http/request-context';
import { createEventPublisher } from './event-publisher';
import type { QueueConnection } from './queues';

export type SecurityLog = (event: SecurityEventInput) => Promise<void>;

/**
 * Records a security event in admin-reporting's security log, with the time, the
 * service and the origin of the request being served. A record that cannot be queued is written
 * to this service's log stream whole (createEventPublisher): the call it describes goes on.
 */
export function createSecurityLog(
  service: string,
  connection: QueueConnection,
  logger: Logger,
  now: () => Date = () => new Date(),
): SecurityLog & { close(): Promise<void> } {
  const events = createEventPublisher(EVENT_QUEUES.auditLog, connection, logger);
  const record = async (event: SecurityEventInput) => {
    const origin = currentRequestOrigin();
    const entry: SecurityEvent = { ...event, at: now().toISOString(), service, ...origin };
    await events.publish(SECURITY_RECORDED, entry);
  };
  return Object.assign(record, { close: () => events.close() });
}
