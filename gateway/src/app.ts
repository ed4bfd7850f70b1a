import http from 'node:http';
import express, { type Express } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { REQUEST_ID_HEADER, accessLog, errorHandler, notFoundHandler, requestIdFrom, type Logger } from '@portal/platform';
import { upstreamHealth } from './health/upstream-health';
import { createAccessLog } from './http/access-log';
import { createApiHandler } from './http/api-handler';
import { pagePolicy } from './http/page-policy';
import { captureHelmetHeaders } from './http/security-headers';
import { sendHstsOverHttps } from './http/transport-security';
import { createRateLimit } from './middleware/rate-limit';
import { createTokenGuard } from './middleware/token-check';
import { createProxy, type Upstreams } from './routing/proxy';
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
  /** Buffered and unredacted: it records only method, path, status and timing. */
  accessLogger?: Logger;
  /** Shown to the pages, which offer Google sign-in only when there is one. */
  googleClientId?: string;
  /** `npm run dev`: open pages reload after each rebuild of the frontends. */
  liveReload?: boolean;
}

const TRUST_PROXY = 'loopback, linklocal, uniquelocal';

/** Pages, static files and /health: the ordinary express app. */
function createPagesApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', TRUST_PROXY);
  app.use((req, res, next) => {
    req.id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, req.id);
    next();
  });
  app.use(helmet(pagePolicy(deps.googleClientId)));
  const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const fromTrustedProxy = (address: string) => trusted(address, 0);
  app.use((req, res, next) => {
    sendHstsOverHttps(req, res, fromTrustedProxy);
    next();
  });
  if (deps.accessLog) app.use(accessLog(deps.logger));
  // Liveness of the gateway itself: an orchestrator must not restart it because a service is down.
  app.get('/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/health', upstreamHealth(deps.upstreams));
  app.use(staticFrontends(deps.staticDir, { googleClientId: deps.googleClientId, liveReload: deps.liveReload }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}

/** The gateway's request listener: /api/* takes the proxy fast path, everything else the pages app. */
export function createGateway(deps: GatewayDeps): http.RequestListener {
  const pages = createPagesApp(deps);
  const api = createApiHandler({
    securityHeaders: captureHelmetHeaders(pagePolicy(undefined)),
    cors: cors({ origin: deps.corsOrigins, credentials: true, maxAge: 600 }),
    rateLimit: createRateLimit({ redis: deps.redis, logger: deps.logger, ...deps.rateLimit }),
    guard: createTokenGuard(deps.publicKey),
    createProxy: (hooks) => createProxy(deps.upstreams, deps.upstreamTimeoutMs, deps.logger, hooks),
    accessLog: deps.accessLog ? createAccessLog(deps.accessLogger ?? deps.logger) : undefined,
    trustProxy: TRUST_PROXY,
  });
  return (req, res) => ((req.url ?? '').startsWith('/api/') ? api(req, res) : pages(req, res));
}
