import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from '../errors/error-handler';
import { createMetrics, httpMetrics, type Metrics } from '../observability/metrics';
import { readinessHandler, type ReadinessCheck } from '../observability/readiness';
import { accessLog } from './access-log';
import { methodNotAllowed } from './method-not-allowed';
import { noStoreByDefault } from './no-store';
import { requestContext } from './request-context';

export interface CreateAppOptions {
  name: string;
  logger: Logger;
  readiness: ReadinessCheck[];
  bodyLimit?: string;
  metrics?: Metrics;
  /** Mounts the service's own routes; runs after the shared middleware and before the error handlers. */
  routes: (app: Express) => void;
  /** Routes that read their own body, before JSON parsing: a provider's webhook whose signature covers the raw bytes. */
  rawBodyRoutes?: (app: Express) => void;
}

/** The express app every service shares: headers, ids, logs, metrics, probes and one error model. */
export function createServiceApp(options: CreateAppOptions): Express {
  const app = express();
  const metrics = options.metrics ?? createMetrics(options.name);
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.set('query parser', 'simple');
  // Strict-Transport-Security is the gateway's to send, and only over HTTPS (RFC 6797 §7.2).
  app.use(helmet({ strictTransportSecurity: false }));
  app.use(noStoreByDefault);
  app.use(requestContext);
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: options.name });
  });
  app.get('/ready', readinessHandler(options.readiness));
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.use(accessLog(options.logger));
  app.use(httpMetrics(metrics));
  options.rawBodyRoutes?.(app);
  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  options.routes(app);
  app.use(methodNotAllowed(app));
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
