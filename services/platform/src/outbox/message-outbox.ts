import type { AxiosInstance } from 'axios';
import { Schema, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { MessageKind } from '@portal/contracts';
import type { OutboundMessage } from '@portal/contracts/internal';
import { createServiceCredential } from '../auth/service-credential';
import { createInternalClient } from '../clients/internal-client';
import { isDuplicateKeyError } from '../errors/app-errors';
import type { ServiceRuntime } from '../lifecycle/run-service';

/** A message as a producer renders it; the outbox stores it and notifications delivers it. */
export interface OutboxMessage {
  /** The producer's stable name for this message: one message per key, however often it is given. */
  key: string;
  kind: MessageKind;
  userId?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The values of the kind's WhatsApp and SMS templates (PHONE_TEMPLATE_VALUES), for the person's phone channels. */
  brief?: Record<string, string>;
}

interface OutboxDocument {
  _id: string;
  /** As it is handed over: attachments in base64. */
  message: Omit<OutboundMessage, 'key'>;
  createdAt: Date;
  /** Set when notifications refused the message as malformed: kept for a person to read, not retried. */
  refused: string | null;
}

const outboxSchema = new Schema<OutboxDocument>(
  {
    _id: { type: String, required: true },
    message: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    refused: { type: String, default: null },
  },
  { versionKey: false },
);
// the sweep: what waits, oldest first
outboxSchema.index({ refused: 1, createdAt: 1 });

/**
 * The comment on the outbox's own reads and deletes, which run beside the requests rather than in
 * them: a request's database budget counts its insert, not the hand-over that follows.
 */
export const OUTBOX_RELAY_COMMENT = 'outbox relay';

export interface MessageOutbox {
  /**
   * Stores the message in the producer's own database, then hands it over in the background; it
   * never waits for notifications or a mail server. Resolved, the message will go out once,
   * whatever fails next.
   */
  send(message: OutboxMessage): Promise<void>;
  /** Hands every waiting message to notifications, oldest first; how many it handed over. */
  relay(): Promise<number>;
  /** Resolves once the hand-overs under way have ended (tests, a graceful stop). */
  settled(): Promise<void>;
  ready: Promise<unknown>;
  close(): Promise<void>;
}

export interface MessageOutboxOptions {
  /** notifications' internal client (its /internal/messages). */
  notifications: AxiosInstance;
  logger: Logger;
  /** How often this process looks again for what it could not hand over. */
  retryMs?: number;
  /** How often it looks for what any process left (a replica that crashed and never came back). */
  sweepMs?: number;
  /** Messages handed over per sweep, so that one sweep never holds the process for long. */
  batch?: number;
}

const toStored = ({ key: _key, attachments = [], ...message }: OutboxMessage): OutboxDocument['message'] => ({
  ...message,
  attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content: content.toString('base64') })),
});

/**
 * The transactional outbox of a producer (auth, billing): what the portal tells a person is first a
 * record in the producer's database, then handed over to notifications, which keeps one message
 * per key and retries its delivery. A hand-over that fails (notifications away) stays in the outbox
 * and is tried again, by this process or, after a crash, by the next one to start; one given twice
 * is the same message to notifications. The record goes once notifications has it.
 */
export function messageOutbox(
  connection: Connection,
  { notifications, logger, retryMs = 5000, sweepMs = 60_000, batch = 50 }: MessageOutboxOptions,
): MessageOutbox {
  const Outbox = connection.model<OutboxDocument>('OutboxMessage', outboxSchema, 'outbox');
  const inFlight = new Set<Promise<unknown>>();
  /** The keys this process is storing or handing over now. */
  const onTheirWay = new Set<string>();
  /** A hand-over failed in this process: look again at the next retry tick, not only at the sweep. */
  let behind = true;
  let running: Promise<number> | null = null;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  /** true: notifications has it (or refused it for good); throws when it could not be reached. */
  async function handOver(doc: OutboxDocument): Promise<boolean> {
    try {
      await notifications.post('/internal/messages', { key: doc._id, ...doc.message });
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status !== 400) throw error;
      const reason = JSON.stringify((error as { response?: { data?: unknown } }).response?.data ?? null).slice(0, 500);
      await Outbox.updateOne({ _id: { $eq: doc._id } }, { $set: { refused: reason } }).comment(OUTBOX_RELAY_COMMENT);
      logger.error({ key: doc._id, reason }, 'notifications refused a message as malformed; it stays in the outbox');
      return false;
    }
    await Outbox.deleteOne({ _id: { $eq: doc._id } }).comment(OUTBOX_RELAY_COMMENT);
    return true;
  }

  async function relayWaiting(): Promise<number> {
    let handed = 0;
    const docs = await Outbox.find({ refused: null })
      .sort({ createdAt: 1 })
      .limit(batch)
      .comment(OUTBOX_RELAY_COMMENT)
      .lean<OutboxDocument[]>();
    for (const doc of docs) {
      try {
        if (await handOver(doc)) handed++;
      } catch (error) {
        behind = true;
        logger.warn({ err: error, waiting: docs.length - handed }, 'messages wait in the outbox: notifications did not take them');
        return handed;
      }
    }
    behind = docs.length === batch;
    return handed;
  }

  /** One relay at a time in this process. */
  function relay(): Promise<number> {
    running ??= track(relayWaiting()).finally(() => {
      running = null;
    });
    return running;
  }

  const tick = (force: boolean) => () => {
    if (force || behind) void relay().catch((error: unknown) => logger.warn({ err: error }, 'outbox relay failed; it is tried again'));
  };
  const retry = setInterval(tick(false), retryMs);
  const sweep = setInterval(tick(true), sweepMs);
  retry.unref();
  sweep.unref();

  return {
    ready: Outbox.init(),
    send(message) {
      // the same key is the same message: one already on its way in this process is not stored again,
      // since once handed over it leaves the outbox, and a later insert of its key would succeed
      if (onTheirWay.has(message.key)) return Promise.resolve();
      onTheirWay.add(message.key);
      const doc: OutboxDocument = { _id: message.key, message: toStored(message), createdAt: new Date(), refused: null };
      const arrived = () => onTheirWay.delete(doc._id);
      // tracked from the insert on, so that settled() also waits for a send its caller did not await
      return track(
        (async () => {
          try {
            await Outbox.create(doc);
          } catch (error) {
            arrived();
            // kept once: another process stored it first
            if (isDuplicateKeyError(error)) return;
            throw error;
          }
          void track(handOver(doc))
            .catch((error: unknown) => {
              behind = true;
              logger.warn({ err: error, key: doc._id }, 'a message waits in the outbox: notifications did not take it');
            })
            .finally(arrived);
        })(),
      );
    },
    relay,
    settled: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    async close() {
      clearInterval(retry);
      clearInterval(sweep);
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** A producer's outbox, handing over to notifications with the producer's service credential. */
export async function openMessageOutbox(
  mongo: Connection,
  { service, notificationsUrl, serviceSecret }: { service: string; notificationsUrl: string; serviceSecret: string },
  { logger, shutdown }: Pick<ServiceRuntime, 'logger' | 'shutdown'>,
): Promise<MessageOutbox> {
  const notifications = createInternalClient({
    baseURL: notificationsUrl,
    credential: createServiceCredential(service, serviceSecret),
    timeoutMs: 10_000,
  });
  const outbox = messageOutbox(mongo, { notifications, logger });
  await outbox.ready;
  // before the database closes: the hand-overs under way end, or stay in the outbox for the next start
  shutdown.add('outbox', () => outbox.close());
  // what an earlier run stored and could not hand over (a crash, notifications away) goes first
  void outbox.relay().catch((error: unknown) => logger.warn({ err: error }, 'outbox relay at start failed; it is tried again'));
  return outbox;
}
