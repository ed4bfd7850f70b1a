import { createHash } from 'node:crypto';
import {
  isOptionalCategory,
  MESSAGE_KINDS,
  NOTIFICATION_MESSAGES,
  OPTIONAL_CATEGORY_TEXTS,
  type MessageKind,
  type PhoneMessageKind,
  type ProviderStatus,
} from '@portal/contracts';
import { withClosingLink } from '@portal/platform/mail-layout';
import type { AcceptedMessage } from '@portal/contracts/internal';
import { conflict, notFound } from '@portal/platform/errors';
import { DELIVERY_ATTEMPTS, retryDelayMs } from './retry-schedule';
import { phoneCopies, phoneSubject } from './phone-copies';
import { renderTemplate, WHATSAPP_TEMPLATES } from './phone-templates';
import type {
  DeliveryQueue,
  EmailProvider,
  MessageRecord,
  MessageStore,
  PhoneProviders,
  PhoneRecipients,
  RecipientPreferences,
  TemplateReports,
} from './ports';

export interface DeliveryDeps {
  store: MessageStore;
  email: EmailProvider;
  /** WhatsApp's and the SMS gateway's clients, those configured. */
  phones: PhoneProviders;
  queue: DeliveryQueue;
  preferences: RecipientPreferences;
  recipients: PhoneRecipients;
  /** What Meta last reported of the WhatsApp templates. */
  templates: TemplateReports;
  /** The portal's address, which the links of WhatsApp messages open. */
  publicUrl: string;
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
  phones,
  queue,
  preferences,
  recipients,
  templates,
  publicUrl,
  messageIdDomain,
  retryScale,
  onOutcome,
  now = () => new Date(),
}: DeliveryDeps) {
  /** A message's state before its first try, due now. */
  const waiting = (kind: MessageKind) => {
    const at = now();
    return {
      kind,
      category: MESSAGE_KINDS[kind],
      state: 'queued' as const,
      attempts: 0,
      lastError: null,
      createdAt: at,
      sentAt: null,
      nextAttemptAt: at,
    };
  };

  /**
   * A message kept and queued, or, when its key is already kept, the one that is. The queue is
   * asked even then while the message waits: a hand-over repeated after a failure to queue must
   * not leave it without a try (the queue keeps one job per id).
   */
  async function keep(record: MessageRecord): Promise<MessageRecord> {
    const kept = (await store.add(record)) ?? (await store.get(record.id));
    if (!kept) throw new Error(`message ${record.id} vanished while it was accepted`);
    if (kept.state === 'queued' || kept.state === 'retrying') await queue.enqueue(kept.id);
    return kept;
  }

  /** Whether a phone message may still go: its channel still chosen, for the number it was made for. */
  async function phoneStillChosen(message: MessageRecord): Promise<boolean> {
    if (message.channel === 'email' || message.kind === 'phone-code' || !message.userId) return true;
    return (await recipients.channelsOf(message.userId)).some(({ channel, to }) => channel === message.channel && to === message.to);
  }

  /**
   * A WhatsApp template goes only as Meta approved it: a template Meta moved to another category
   * (marketing, which has its own endpoint and rules) or paused is not sent, and the try says why.
   */
  async function stillApproved(kind: MessageKind): Promise<void> {
    const template = WHATSAPP_TEMPLATES[kind as PhoneMessageKind];
    const reported = template && (await templates.get(template.name));
    if (!template || !reported) return;
    if (reported.category && reported.category !== template.category)
      throw new Error(`WhatsApp reports the template ${template.name} as ${reported.category}, not ${template.category}`);
    if (reported.status && reported.status !== 'APPROVED')
      throw new Error(`WhatsApp reports the template ${template.name} as ${reported.status}`);
  }

  /** Hands the message to its channel's provider: the provider's id of it, for a phone's later statuses. */
  async function send(message: MessageRecord): Promise<string | undefined> {
    if (message.channel !== 'email') {
      const provider = phones[message.channel];
      if (!provider) throw new Error(`no ${message.channel} provider is configured`);
      if (message.channel === 'whatsapp') await stillApproved(message.kind);
      return provider.send({ to: message.to, kind: message.kind, values: message.values ?? [] });
    }
    const { text, html, headers } = withUnsubscribe(message, preferences);
    await email.send({
      to: message.to,
      subject: message.subject,
      text,
      ...(html !== undefined && { html }),
      ...(headers && { headers }),
      messageId: `<${createHash('sha256').update(message.id).digest('hex').slice(0, 32)}@${messageIdDomain}>`,
      attachments: message.attachments.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content: Buffer.from(content, 'base64'),
      })),
    });
    return undefined;
  }

  return {
    /**
     * A producer's message: its e-mail kept and queued once by its key, and a copy for each phone
     * channel the person chose when the kind has templates and the producer gave their values.
     */
    async accept(message: AcceptedMessage): Promise<{ id: string; state: MessageRecord['state'] }> {
      const kind = message.kind as MessageKind;
      const { key, brief: _brief, ...rest } = message;
      const base = { ...waiting(kind), ...(message.userId !== undefined && { userId: message.userId }) };
      const kept = await keep({ ...rest, ...base, id: key, channel: 'email' });
      // the person's phone channels as they stand when the event happens; each copy is asked again at its try
      for (const copy of await phoneCopies(message, base, { recipients, publicUrl })) await keep(copy);
      return { id: kept.id, state: kept.state };
    },

    /** A code for a number, proving it or signing in with it: by SMS, to that number, whatever the person chose. */
    async acceptPhoneCode({ key, userId, to, code }: { key: string; userId: string; to: string; code: string }): Promise<void> {
      await keep({
        ...waiting('phone-code'),
        id: key,
        channel: 'sms',
        userId,
        to,
        subject: phoneSubject('sms', 'phone-code'),
        text: renderTemplate('sms', 'phone-code', [code]),
        values: [code],
        attachments: [],
      });
    },

    /** One try of a message; `tried` counts the tries before this one. */
    async deliver(id: string, tried: number): Promise<DeliveryOutcome> {
      const message = await store.get(id);
      if (!message) return 'gone';
      if (message.state === 'sent') return 'already sent';
      if (message.state === 'withheld') return 'withheld';
      // asked at each try, so that a choice made while the message waited is honoured
      const withheld =
        (message.userId && (await preferences.withholds(message.userId, message.category))) || !(await phoneStillChosen(message));
      if (withheld) {
        await store.markWithheld(id);
        onOutcome?.('withheld');
        return 'withheld';
      }
      const attempts = message.attempts + 1;
      let providerId: string | undefined;
      try {
        providerId = await send(message);
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
      await store.markSent(id, attempts, now(), providerId);
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

    /** What Meta reported of a WhatsApp template: a new category, or a review's outcome. */
    templateReported: (name: string, report: { category?: string; status?: string }) =>
      templates.record(name, { ...report, reportedAt: now() }),

    /** What a phone's provider reported of a message it took. */
    providerReported: (providerId: string, status: ProviderStatus) => store.markProviderStatus(providerId, status),

    deliveryLog: (person: { userId: string; email?: string | undefined }) => store.forPerson(person, 200),
    deleteUser: (userId: string) => store.deleteForUser(userId),
  };
}
