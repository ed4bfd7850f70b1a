import type { Router } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { AcceptedMessage } from '@portal/contracts/internal';
import type { QueueConnection, ServiceRuntime, TokenVerifier } from '@portal/platform';
import { webhookSender } from './clients/webhook-sender';
import { endpointRepository } from './data/endpoint.repository';
import { webhookDeliveryRepository } from './data/webhook-delivery.repository';
import { endpointUseCases } from './domain/endpoints.use-cases';
import { ownerNotice } from './domain/owner-notice';
import type { OwnerNotice } from './domain/ports';
import { webhookDeliveryUseCases } from './domain/webhook-delivery.use-cases';
import { webhookRetryDelayMs } from './domain/webhook-schedule';
import { consumeAccountEvents, webhookQueue, webhookWorker } from './jobs/webhook-queue';
import { webhookRoutes } from './routes/endpoints.routes';

export interface WebhooksWiring {
  mongo: Connection;
  connection: QueueConnection;
  settings: {
    WEBHOOK_ALLOW_LOCAL: boolean;
    WEBHOOK_RETRY_SCALE: number;
    DELIVERY_SWEEP_MS: number;
    SERVICE_SECRET: string;
    PUBLIC_URL: string;
  };
  verifyToken: TokenVerifier;
  shutdown: ServiceRuntime['shutdown'];
  logger: Logger;
  /** Delivery's hand-over, by which an owner is e-mailed that their endpoint was disabled. */
  sendMessage: (message: AcceptedMessage) => Promise<unknown>;
  now: () => Date;
}

/** A delivery whose try was due this long ago and is not running is queued again. */
const OVERDUE_GRACE_MS = 60_000;

/** The webhooks capability wires itself: endpoints, their deliveries and queue, billing's events, and the owners' routes. */
export async function wireWebhooks({ mongo, connection, settings, verifyToken, shutdown, logger, sendMessage, now }: WebhooksWiring) {
  const endpoints = endpointRepository(mongo);
  const deliveries = webhookDeliveryRepository(mongo);
  await Promise.all([endpoints.ready, deliveries.ready]);
  const sender = webhookSender({ allowLocal: settings.WEBHOOK_ALLOW_LOCAL });
  const queue = webhookQueue(connection);
  const endpointCases = endpointUseCases({ endpoints, deliveries, sender, now });
  const tellOwner: OwnerNotice = async (endpoint, reason) =>
    void (await sendMessage(ownerNotice(endpoint, reason, now(), settings.PUBLIC_URL)));
  const delivery = webhookDeliveryUseCases({
    ...{ endpoints, deliveries, sender, queue, tellOwner, now },
    retryDelayMs: (failedTries, retryAfterMs) => webhookRetryDelayMs(failedTries, { scale: settings.WEBHOOK_RETRY_SCALE, retryAfterMs }),
  });
  const worker = webhookWorker(connection, delivery.deliver, logger);
  const events = consumeAccountEvents(connection, delivery.onEvent, logger);
  const sweep = setInterval(
    () =>
      void delivery
        .requeueOverdue(OVERDUE_GRACE_MS)
        .catch((error: unknown) => logger.warn({ err: error }, 'overdue webhooks could not be queued')),
    settings.DELIVERY_SWEEP_MS,
  );
  shutdown.add('webhooks', async () => {
    clearInterval(sweep);
    await events.close();
    await worker.close();
    await queue.close();
  });
  return {
    endpoints: endpointCases,
    delivery,
    forget: (userId: string) => endpointCases.forget(`user:${userId}`),
    routes(router: Router) {
      router.use(webhookRoutes(endpointCases, delivery, verifyToken, settings.SERVICE_SECRET));
    },
  };
}
