import express, { type Express, type RequestHandler } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { REQUEST_ID_HEADER, accessLog, errorHandler, notFoundHandler, requestIdFrom, type Logger } from '@portal/platform';
import { upstreamHealth } from './health/upstream-health';
import { rateLimit } from './middleware/rate-limit';
import { tokenCheck } from './middleware/token-check';
import { matchRoute } from './routing/match-route';
import { proxyToServices, type Upstreams } from './routing/proxy';
import { staticFrontends } from './static/frontends';

export interface GatewayDeps {
  logger: Logger;
  redis: Redis;
  upstreams: Upstreams;
  publicKey: string;
  corsOrigins: string[];
  upstreamTimeoutMs: number;
  rateLimit: { points: number; windowSeconds: number; prefix: string };
  staticDir: string;
  accessLog: boolean;
}

/** The id is set on the incoming headers too, so the proxy hands it to the service. */
const requestId: RequestHandler = (req, res, next) => {
  req.id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = req.id;
  res.setHeader(REQUEST_ID_HEADER, req.id);
  next();
};

export function createGateway(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestId);
  app.use(helmet());
  app.use(cors({ origin: deps.corsOrigins, credentials: true, maxAge: 600 }));
  if (deps.accessLog) app.use(accessLog(deps.logger));

  app.get('/health', upstreamHealth(deps.upstreams));

  const limit = rateLimit({ redis: deps.redis, logger: deps.logger, ...deps.rateLimit });
  const guardFor = tokenCheck(deps.publicKey);
  const proxy = proxyToServices(deps.upstreams, deps.upstreamTimeoutMs, deps.logger);
  // No body parser on this path: bodies stream through to the service untouched.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/api/')) return next();
    const rule = matchRoute(req.path);
    if (!rule) return notFoundHandler(req, res, next);
    (req as typeof req & { upstream: string }).upstream = rule.service;
    const guard = guardFor(rule.access);
    return limit(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!guard) return proxy(req, res, next);
      try {
        return guard(req, res, () => proxy(req, res, next));
      } catch (rejection) {
        return next(rejection);
      }
    });
  });

  app.use(staticFrontends(deps.staticDir));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
