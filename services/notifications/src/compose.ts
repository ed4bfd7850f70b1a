import type { Express } from 'express';
import { EVENT_QUEUES, PHONE_MESSAGES } from '@portal/contracts';
import {
  connectInfrastructure,
  createAttemptLimit,
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
  smsProvider,
  templateReportRepository,
  smsReportRoutes,
  whatsAppApi,
  whatsAppProvider,
  whatsAppWebhookRoutes,
} from './delivery';
import {
  phoneCodes,
  phoneRepository,
  phoneRoutes,
  phoneSignInRoutes,
  phoneSignInUseCases,
  phonesInternalRoutes,
  phonesUseCases,
  smsLinks,
  smsPageRoutes,
} from './phones';
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

/** The phone's providers this portal is configured for: WhatsApp's Cloud API and the SMS gateway. */
function phoneProviders(settings: Config) {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret } = settings;
  const whatsapp =
    token && phoneNumberId && appSecret
      ? whatsAppApi({
          baseUrl: settings.WHATSAPP_API_URL,
          apiVersion: settings.WHATSAPP_API_VERSION,
          token,
          phoneNumberId,
          appSecret,
          webhookVerifyToken: settings.WHATSAPP_VERIFY_TOKEN,
        })
      : null;
  const sms = settings.SMS_AUTH_KEY ? smsProvider({ baseUrl: settings.SMS_API_URL, authKey: settings.SMS_AUTH_KEY }) : null;
  return {
    whatsappApi: whatsapp,
    providers: { ...(whatsapp && phoneNumberId && { whatsapp: whatsAppProvider(whatsapp, phoneNumberId) }), ...(sms && { sms }) },
    // a number is proved by SMS: without the gateway no phone channel is offered
    offered: sms ? (['sms', ...(whatsapp ? (['whatsapp'] as const) : [])] as const) : ([] as const),
  };
}

/**
 * Notifications' composition root: delivery (the store of messages, the queue of tries and its
 * worker, the providers of e-mail, WhatsApp and SMS, the hand-over and delivery-log routes, the
 * providers' callbacks, the sweep of overdue messages), the person's preferences and phone that
 * delivery asks, and the `user.deleted` consumer that forgets them all.
 */
export async function compose(settings: Config, runtime: ServiceRuntime, { now = () => new Date() }: NotificationsOverrides = {}) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(settings, runtime);
  const { logger, shutdown } = runtime;
  const connection = { redisUrl: settings.REDIS_URL, prefix: settings.REDIS_PREFIX };
  const store = messageRepository(mongo);
  const choices = preferenceRepository(mongo);
  const numbers = phoneRepository(mongo);
  const templates = templateReportRepository(mongo);
  await Promise.all([store.ready, choices.ready, numbers.ready, templates.ready]);
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
  const codesPerNumber = createAttemptLimit(redis, `${settings.REDIS_PREFIX}phone-codes:number`, 5, 3600, PHONE_MESSAGES.tooManyCodes);
  const codesPerPerson = createAttemptLimit(redis, `${settings.REDIS_PREFIX}phone-codes:person`, 10, 3600, PHONE_MESSAGES.tooManyCodes);
  // delivery, made below, sends the codes; phones is asked by delivery where a person's messages go
  let sendCode: (message: { key: string; userId: string; to: string; code: string }) => Promise<void> = async () => undefined;
  const codeDeps = {
    store: numbers,
    codes: phoneCodes(settings.SERVICE_SECRET),
    sendCode: (message: Parameters<typeof sendCode>[0]) => sendCode(message),
    limitCodes: async (mobile: string, userId?: string) => {
      await codesPerNumber(mobile);
      if (userId) await codesPerPerson(userId);
    },
    now,
  };
  const phones = phonesUseCases({ ...codeDeps, links: smsLinks(settings.SERVICE_SECRET, settings.PUBLIC_URL), offered: phone.offered });
  const phoneSignIn = phoneSignInUseCases(codeDeps);
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
      router.use(phoneRoutes(phones, verifyToken));
      router.use(phonesInternalRoutes(phones, settings.SERVICE_SECRET));
      router.use(phoneSignInRoutes(phoneSignIn, settings.SERVICE_SECRET));
      router.use(smsPageRoutes(phones, settings.PUBLIC_URL));
      if (settings.SMS_REPORT_KEY) router.use(smsReportRoutes(delivery.providerReported, settings.SMS_REPORT_KEY));
    },
  });
  const forget = async (userId: string) => {
    await Promise.all([delivery.deleteUser(userId), preferences.deleteUser(userId), phones.deleteUser(userId)]);
  };
  const events = consumeUserDeleted(EVENT_QUEUES.notifications, connection, forget, logger);
  shutdown.add('events', () => events.close());
  return { app, delivery, preferences, phones };
}
