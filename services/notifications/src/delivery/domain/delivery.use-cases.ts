import { createHash } from 'node:crypto';
import { isOptionalCategory, MESSAGE_KINDS, NOTIFICATION_MESSAGES, OPTIONAL_CATEGORY_TEXTS, type MessageKind } from '@portal/contracts';
import { withClosingLink } from '@portal/platform/mail-layout';
import type { AcceptedMessage } from '@portal/contracts/internal';
import { conflict, notFound } from '@portal/platform/errors';
import { DELIVERY_ATTEMPTS, retryDelayMs } from './retry-schedule';
import type { DeliveryQueue, EmailProvider, MessageRecord, MessageStore, RecipientPreferences } from './ports';

export interface DeliveryDeps {
  store: MessageStore;
  email: EmailProvider;
  queue: DeliveryQueue;
  preferences: RecipientPreferences;
  /** The domain of the Message-ID header each e-mail carries. */
  messageIdDomain: string;
  retryScale: number;
  onOutcome?: (outcome: 'sent' | 'retried' | 'failed' | 'withheld') => void;
  now?: () => Date;
}

export type DeliveryOutcome = 'sent' | 'already sent' | 'withheld' | 'gone' | 'retry' | 'failed';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * What a reminder or news message carries besides its body: the link that stops its category, in
 * its last line and in the List-Unsubscribe headers a mail client offers as one click (RFC 8058).
 */
function withUnsubscribe(message: MessageRecord, preferences: RecipientPreferences) {
  const { text, html } = message;
  if (!message.userId || !isOptionalCategory(message.category)) return { text, html, headers: undefined };
  const url = preferences.unsubscribeUrl(message.userId, message.category);
  const label = OPTIONAL_CATEGORY_TEXTS[message.category].label.toLowerCase();
  return {
    ...withClosingLink({ text, html }, { sentence: `Don’t want ${label}?`, label: 'Unsubscribe', url }),
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * The delivery of what producers hand over: each message kept once by its key, tried by the queue
 * until its provider takes it or its tries run out, and never sent again once it was taken.
 */
export function deliveryUseCases({
  store,
  email,
  queue,
  preferences,
  messageIdDomain,
  retryScale,
  onOutcome,
  now = () => new Date(),
}: DeliveryDeps) {
  return {
    /**
     * A producer's message: kept and queued, or, when its key is already kept, the one that is. The
     * queue is asked even then while the message waits: a hand-over repeated after a failure to
     * queue must not leave it without a try (the queue keeps one job per id).
     */
    async accept(message: AcceptedMessage): Promise<{ id: string; state: MessageRecord['state'] }> {
      const at = now();
      const kind = message.kind as MessageKind;
      const { key, ...rest } = message;
      const added = await store.add({
        ...rest,
        id: key,
        kind,
        category: MESSAGE_KINDS[kind],
        channel: 'email',
        state: 'queued',
        attempts: 0,
        lastError: null,
        createdAt: at,
        sentAt: null,
        nextAttemptAt: at,
      });
      const kept = added ?? (await store.get(key));
      if (!kept) throw new Error(`message ${key} vanished while it was accepted`);
      if (kept.state === 'queued' || kept.state === 'retrying') await queue.enqueue(kept.id);
      return { id: kept.id, state: kept.state };
    },

    /** One try of a message; `tried` counts the tries before this one. */
    async deliver(id: string, tried: number): Promise<DeliveryOutcome> {
      const message = await store.get(id);
      if (!message) return 'gone';
      if (message.state === 'sent') return 'already sent';
      if (message.state === 'withheld') return 'withheld';
      // asked at each try, so that a choice made while the message waited is honoured
      if (message.userId && (await preferences.withholds(message.userId, message.category))) {
        await store.markWithheld(id);
        onOutcome?.('withheld');
        return 'withheld';
      }
      const attempts = message.attempts + 1;
      const { text, html, headers } = withUnsubscribe(message, preferences);
      try {
        await email.send({
          to: message.to,
          subject: message.subject,
          text,
          ...(html !== undefined && { html }),
          ...(headers && { headers }),
          messageId: `<${createHash('sha256').update(id).digest('hex').slice(0, 32)}@${messageIdDomain}>`,
          attachments: message.attachments.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content: Buffer.from(content, 'base64'),
          })),
        });
      } catch (error) {
        const final = tried + 1 >= DELIVERY_ATTEMPTS;
        const wait = retryDelayMs(tried + 1, retryScale);
        await store.markFailedTry(id, {
          attempts,
          lastError: errorText(error),
          state: final ? 'failed' : 'retrying',
          nextAttemptAt: final ? null : new Date(now().getTime() + wait),
        });
        onOutcome?.(final ? 'failed' : 'retried');
        return final ? 'failed' : 'retry';
      }
      await store.markSent(id, attempts, now());
      onOutcome?.('sent');
      return 'sent';
    },

    /** An admin's "Send again" of a message that failed; it keeps its id, and so its one delivery. */
    async sendAgain(id: string): Promise<void> {
      const message = await store.get(id);
      if (!message) throw notFound(NOTIFICATION_MESSAGES.messageNotFound);
      if (!(await store.requeueFailed(id, now()))) throw conflict(NOTIFICATION_MESSAGES.onlyFailedAgain);
      await queue.enqueue(id);
    },

    /** Queues again what waits past its time: a job lost with Redis, a hand-over that could not queue. */
    async requeueOverdue(graceMs: number): Promise<number> {
      const ids = await store.overdue(new Date(now().getTime() - graceMs), 200);
      for (const id of ids) await queue.enqueue(id);
      return ids.length;
    },

    deliveryLog: (person: { userId: string; email?: string | undefined }) => store.forPerson(person, 200),
    deleteUser: (userId: string) => store.deleteForUser(userId),
  };
}
