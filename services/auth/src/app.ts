import type { Express } from 'express';
import { createServiceApp, mongoReadiness, redisReadiness, type Infrastructure, type Logger } from '@portal/platform';

export interface AppDeps extends Infrastructure {
  logger: Logger;
  bodyLimit?: string;
}

/** Builds the auth app without listening, so tests drive it through supertest. */
export function createApp(deps: AppDeps): Express {
  return createServiceApp({
    name: 'auth',
    logger: deps.logger,
    bodyLimit: deps.bodyLimit,
    readiness: [mongoReadiness(deps.mongo), redisReadiness(deps.redis)],
    routes: () => undefined,
  });
}
