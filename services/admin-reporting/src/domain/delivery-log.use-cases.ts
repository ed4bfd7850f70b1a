import { NOTIFICATION_MESSAGES, type DeliveryLogEntry } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { AuditStore, DeliveryLogReader, UserDirectory } from './ports';

/**
 * The admin's view of what the portal sent a person (notifications keeps the log), and "Send
 * again" for a message that failed, in the audit log like every other admin action.
 */
export function deliveryLogUseCases({ users, messages, audit }: { users: UserDirectory; messages: DeliveryLogReader; audit: AuditStore }) {
  const person = async (userId: string) => {
    const user = await users.get(userId);
    if (!user) throw notFound('No user with this id');
    return user;
  };
  return {
    async log(userId: string): Promise<{ messages: DeliveryLogEntry[] }> {
      const user = await person(userId);
      return { messages: await messages.log({ userId, email: user.email }) };
    },
    async sendAgain(userId: string, messageId: string, adminEmail: string): Promise<{ message: string }> {
      const user = await person(userId);
      const theirs = (await messages.log({ userId, email: user.email })).find((entry) => entry.id === messageId);
      if (!theirs || !(await messages.sendAgain(messageId))) throw notFound(NOTIFICATION_MESSAGES.messageNotFound);
      await audit.add({
        actor: adminEmail,
        action: 'message.sent-again',
        target: { type: 'user', id: userId, label: user.email },
        before: { message: theirs.id, kind: theirs.kind, state: theirs.state, attempts: theirs.attempts, lastError: theirs.lastError },
        at: new Date().toISOString(),
        service: 'admin-reporting',
      });
      return { message: NOTIFICATION_MESSAGES.sentAgain };
    },
  };
}
