import type { Express } from 'express';
import { EVENT_QUEUES } from '@portal/contracts';
import {
  connectInfrastructure,
  consumeUserDeleted,
  createAttemptLimit,
  createAuditPublisher,
  createServiceApp,
  mongoReadiness,
  redisReadiness,
  type ServiceRuntime,
} from '@portal/platform';
import type { Config } from './config';
import { feedbackRepository } from './data/feedback.repository';
import { feedbackUseCases } from './domain/feedback.use-cases';
import { adminFeedbackRoutes } from './routes/admin-feedback.routes';
import { feedbackRoutes } from './routes/feedback.routes';
import { internalRoutes } from './routes/internal.routes';

/** What a test may replace; production passes none. */
export interface FeedbackOverrides {
  now?: () => Date;
}

/**
 * Feedback's composition root, the one place it is wired: connections, the store, the use cases,
 * routes and the `user.deleted` consumer. index.ts calls it, and so do the tests.
 */
export async function compose(settings: Config, runtime: ServiceRuntime, { now }: FeedbackOverrides = {}) {
  const { mongo, redis, verifyToken } = await connectInfrastructure(settings, runtime);
  const { logger, shutdown } = runtime;
  const connection = { redisUrl: settings.REDIS_URL, prefix: settings.REDIS_PREFIX };
  const audit = createAuditPublisher('feedback', connection, logger);
  shutdown.add('audit', () => audit.close());
  const store = feedbackRepository(mongo);
  await store.ready;
  const limitPerUser = createAttemptLimit(
    redis,
    `${settings.REDIS_PREFIX}feedback:user`,
    settings.FEEDBACK_PER_USER_PER_HOUR,
    3600,
    'You have sent a lot of feedback in the last hour. Please try again later.',
    // a spam guard, not an account's: feedback is not lost because Redis is briefly away
    { allowWhenUnavailable: (error) => logger.warn({ err: error }, 'feedback limit unavailable; feedback accepted') },
  );
  const feedback = feedbackUseCases(store, limitPerUser, audit, now);
  const app: Express = createServiceApp({
    name: 'feedback',
    logger,
    bodyLimit: settings.BODY_LIMIT,
    readiness: [mongoReadiness(mongo), redisReadiness(redis)],
    routes: (router) => {
      router.use(feedbackRoutes(feedback, verifyToken));
      router.use(adminFeedbackRoutes(feedback, verifyToken));
      router.use(internalRoutes(feedback, settings.SERVICE_SECRET));
    },
  });
  const events = consumeUserDeleted(EVENT_QUEUES.feedback, connection, feedback.deleteUser, logger);
  shutdown.add('events', () => events.close());
  return { app, feedback };
}
