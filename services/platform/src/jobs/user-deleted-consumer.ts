import { USER_DELETED, type UserDeletedEvent } from '@portal/contracts';
import type { Logger } from 'pino';
import { consumeEvents } from './event-consumer';
import type { QueueConnection } from './queues';

/** `user.deleted`, as a service's event handlers take it (admin-reporting may publish one deletion twice). */
export const userDeletedHandler = (onUserDeleted: (userId: string) => Promise<unknown>) => ({
  [USER_DELETED]: (data: unknown) => onUserDeleted((data as UserDeletedEvent).userId),
});

/** Consumes `user.deleted` from a service's own event queue. */
export function consumeUserDeleted(
  queue: string,
  connection: QueueConnection,
  onUserDeleted: (userId: string) => Promise<unknown>,
  logger: Logger,
) {
  return consumeEvents(queue, userDeletedHandler(onUserDeleted), connection, logger);
}
