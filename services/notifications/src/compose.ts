import type { Express } from 'express';
import { EVENT_QUEUES } from '@portal/contracts';
import {
  connectInfrastructure,
  consumeUserDeleted,
  createMailer,
  createMetrics,
  createServiceApp,
  mongoReadiness,
  redisReadiness,
  type ServiceRuntime,
} from '@portal/platform';
import type { Config } from './config';
import {
  deliveryMetrics,
  deliveryQueue,
  deliveryUseCases,
  deliveryWorker,
  internalRoutes,
  messageRepository,
  phoneProviders,
  smsReportRoutes,
  templateReportRepository,
  whatsAppWebhookRoutes,
} from './delivery';
import { wirePhones } from './phones';
import { wireWebhooks } from './webhooks';
import {
  preferenceRepository,
  preferencesInternalRoutes,
  preferencesRoutes,
  preferencesUseCases,
  unsubscribeLinks,
  unsubscribeRoutes,
} from './preferences';

/** What a test may replace; production passes none. */
export interface NotificationsOverrides {
  now?: () => Date;
}

/** A try that was due this long ago and is not running is queued again. */
const OVERDUE_GRACE_MS = 60_000;

/**
 * Notifications' composition root: delivery (the store of messages, the queue of tries and its
 * worker, the providers of e-mail, WhatsApp and SMS, the hand-over and delivery-log routes, the
 * providers' callbacks, the sweep of overdue messages), the person's preferences and phone that
 * delivery asks, the integrators' webhooks (whose disabled endpoints delivery tells their owners
 * of), and the `user.deleted` consumer that forgets them all.
 */
export async function compose(settings: Config, runtime: ServiceRuntime, { now = () => new Date() }: NotificationsOverrides = {}) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(settings, runtime);
  const { logger, shutdown } = runtime;
  const connection = { redisUrl: settings.REDIS_URL, prefix: settings.REDIS_PREFIX };
  const store = messageRepository(mongo);
  const choices = preferenceRepository(mongo);
  const templates = templateReportRepository(mongo);
  await Promise.all([store.ready, choices.ready, templates.ready]);
  const preferences = preferencesUseCases({
    store: choices,
    links: unsubscribeLinks(settings.SERVICE_SECRET, settings.PUBLIC_URL),
    now,
  });
  const metrics = createMetrics('notifications');
  const { onOutcome, close: stopCounting } = deliveryMetrics(metrics, store, { now, logger, countEveryMs: settings.MESSAGE_COUNT_MS });
  shutdown.add('metrics', stopCounting);
  const mail = createMailer(settings.SMTP_URL, settings.MAIL_FROM);
  shutdown.add('mailer', () => mail.close());
  const queue = deliveryQueue(connection);
  const phone = phoneProviders(settings);
  // delivery sends the phones' codes, and asks phones where a person's messages go: bound once both are made
  let sendCode: (message: { key: string; userId: string; to: string; code: string }) => Promise<void> = async () => undefined;
  const { phones, routes: phoneRoutes } = await wirePhones({
    mongo,
    redis,
    settings,
    verifyToken,
    offered: phone.offered,
    sendCode: (message) => sendCode(message),
    now,
  });
  const delivery = deliveryUseCases({
    store,
    email: mail,
    phones: phone.providers,
    queue,
    preferences,
    recipients: phones,
    templates,
    publicUrl: settings.PUBLIC_URL,
    messageIdDomain: new URL(settings.SMTP_URL).hostname || 'portal',
    retryScale: settings.DELIVERY_RETRY_SCALE,
    onOutcome,
    now,
  });
  sendCode = delivery.acceptPhoneCode;
  const webhooks = await wireWebhooks({
    ...{ mongo, connection, settings, verifyToken, shutdown, logger, now },
    sendMessage: delivery.accept,
  });
  const worker = deliveryWorker(connection, delivery.deliver, {
    retryScale: settings.DELIVERY_RETRY_SCALE,
    perSecond: settings.MAIL_PER_SECOND,
    logger,
  });
  const sweep = setInterval(
    () =>
      void delivery
        .requeueOverdue(OVERDUE_GRACE_MS)
        .catch((error: unknown) => logger.warn({ err: error }, 'overdue messages could not be queued')),
    settings.DELIVERY_SWEEP_MS,
  );
  shutdown.add('delivery', async () => {
    clearInterval(sweep);
    await worker.close();
    await queue.close();
  });
  const app: Express = createServiceApp({
    name: 'notifications',
    logger,
    metrics,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    rawBodyRoutes: (router) => {
      if (phone.whatsappApi)
        router.use(
          whatsAppWebhookRoutes(
            phone.whatsappApi,
            {
              providerReported: delivery.providerReported,
              stopRequested: phones.withdrawByReply,
              templateReported: delivery.templateReported,
            },
            logger,
          ),
        );
    },
    routes: (router) => {
      router.use(internalRoutes(delivery, settings.SERVICE_SECRET));
      router.use(preferencesRoutes(preferences, verifyToken));
      router.use(preferencesInternalRoutes(preferences, settings.SERVICE_SECRET));
      router.use(unsubscribeRoutes(preferences, settings.PUBLIC_URL));
      phoneRoutes(router);
      webhooks.routes(router);
      if (settings.SMS_REPORT_KEY) router.use(smsReportRoutes(delivery.providerReported, settings.SMS_REPORT_KEY));
    },
  });
  const forget = async (userId: string) => {
    await Promise.all([delivery.deleteUser(userId), preferences.deleteUser(userId), phones.deleteUser(userId), webhooks.forget(userId)]);
  };
  const events = consumeUserDeleted(EVENT_QUEUES.notifications, connection, forget, logger);
  shutdown.add('events', () => events.close());
  return { app, delivery, preferences, phones, webhooks };
}
