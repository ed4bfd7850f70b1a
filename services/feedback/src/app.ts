import type { Express } from 'express';
import {
  createAttemptLimit,
  createServiceApp,
  mongoReadiness,
  redisReadiness,
  type Infrastructure,
  type Logger,
  type AuditPublisher,
} from '@portal/platform';
import type { Config } from './config';
import { feedbackRepository } from './data/feedback.repository';
import { feedbackUseCases } from './domain/feedback.use-cases';
import { adminFeedbackRoutes } from './routes/admin-feedback.routes';
import { feedbackRoutes } from './routes/feedback.routes';

export type FeedbackSettings = Pick<Config, 'BODY_LIMIT' | 'REDIS_PREFIX' | 'FEEDBACK_PER_USER_PER_HOUR'>;

export interface AppDeps extends Infrastructure {
  logger: Logger;
  settings: FeedbackSettings;
  audit: AuditPublisher;
  now?: () => Date;
}

export async function createApp({ mongo, redis, verifyToken, logger, settings, audit, now }: AppDeps) {
  const store = feedbackRepository(mongo);
  await store.ready;
  const limitPerUser = createAttemptLimit(
    redis,
    `${settings.REDIS_PREFIX}feedback:user`,
    settings.FEEDBACK_PER_USER_PER_HOUR,
    3600,
    'You have sent a lot of feedback in the last hour. Please try again later.',
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
    },
  });
  return { app, feedback };
}
