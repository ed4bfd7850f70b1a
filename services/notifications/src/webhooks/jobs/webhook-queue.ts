import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { EVENT_QUEUES } from '@portal/contracts';
import { ACCOUNT_EVENT, accountEventSchema, type AccountEvent } from '@portal/contracts/internal';
import { consumeEvents, createQueue, createWorker, type QueueConnection } from '@portal/platform';
import type { WebhookQueue, WebhookTryOutcome } from '../domain/ports';
import { WEBHOOK_ATTEMPTS, WEBHOOK_TIMEOUT_MS } from '../domain/webhook-schedule';

const QUEUE = 'webhooks-delivery';

interface WebhookJob {
  id: string;
}

const jobIdOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/** A try that failed, to be tried again after the wait the domain worked out. */
class TryAgain extends Error {
  constructor(readonly delayMs: number) {
    super('the endpoint did not take the webhook; tried again later');
  }
}

/** The queue of tries: one job per delivery at a time, holding only its id. */
export function webhookQueue(connection: QueueConnection): WebhookQueue & { close(): Promise<void> } {
  const queue = createQueue<WebhookJob>(QUEUE, connection);
  return {
    async enqueue(id) {
      await queue.add(
        'deliver',
        { id },
        { jobId: jobIdOf(id), attempts: WEBHOOK_ATTEMPTS, backoff: { type: 'schedule' }, removeOnComplete: true, removeOnFail: true },
      );
    },
    close: () => queue.close(),
  };
}

export function webhookWorker(
  connection: QueueConnection,
  deliver: (id: string, tried: number) => Promise<WebhookTryOutcome>,
  logger: Logger,
) {
  const worker = createWorker<WebhookJob>(
    QUEUE,
    async (job) => {
      const outcome = await deliver(job.data.id, job.attemptsMade);
      if (!outcome.done) throw new TryAgain(outcome.delayMs);
    },
    connection,
    {
      // each try may wait 15 s for an endpoint; a slow one does not hold up the others
      concurrency: 8,
      // a worker killed mid-try: its job runs again once the lock lapses (longer than a try's wait)
      lockDuration: WEBHOOK_TIMEOUT_MS * 2,
      settings: {
        backoffStrategy: (_attempts: number, _type?: string, error?: Error) => (error instanceof TryAgain ? error.delayMs : 1000),
      },
    },
  );
  worker.on('failed', (job, error) => {
    if (!(error instanceof TryAgain)) logger.error({ err: error, delivery: job?.data.id }, 'webhook try failed unexpectedly');
  });
  return worker;
}

/** The account events billing publishes, each handed to delivery. */
export function consumeAccountEvents(connection: QueueConnection, onEvent: (event: AccountEvent) => Promise<void>, logger: Logger) {
  return consumeEvents(EVENT_QUEUES.webhooks, { [ACCOUNT_EVENT]: (data) => onEvent(accountEventSchema.parse(data)) }, connection, logger);
}
