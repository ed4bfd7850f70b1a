import http from 'node:http';
import { connectRedis, createLogger, httpDrain, loadConfig, Shutdown } from '@portal/platform';
import { createGateway } from './app';
import { configSchema } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(configSchema);
  } catch (error) {
    console.error(`[gateway] ${(error as Error).message}`);
    process.exit(1);
  }
  const format = { format: config.LOG_FORMAT, slowRequestMs: config.LOG_SLOW_REQUEST_MS };
  const logger = createLogger('gateway', config.LOG_LEVEL, format);
  const accessLogger = createLogger('gateway', config.LOG_LEVEL, { buffered: true, redact: false, ...format });
  const flushLogs = () => new Promise<void>((resolve) => accessLogger.flush(() => resolve()));
  const shutdown = new Shutdown(logger);
  shutdown.add('logs', flushLogs);
  const redis = await connectRedis(config.REDIS_URL);
  shutdown.add('redis', () => redis.quit());
  const listener = createGateway({
    logger,
    redis,
    upstreams: {
      auth: config.AUTH_URL,
      billing: config.BILLING_URL,
      download: config.DOWNLOAD_URL,
      feedback: config.FEEDBACK_URL,
      'admin-reporting': config.ADMIN_REPORTING_URL,
      notifications: config.NOTIFICATIONS_URL,
      partners: config.PARTNERS_URL,
    },
    publicKey: config.JWT_PUBLIC_KEY,
    corsOrigins: config.CORS_ORIGINS,
    upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    rateLimit: { points: config.RATE_LIMIT_POINTS, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS, prefix: config.REDIS_PREFIX },
    staticDir: config.STATIC_DIR,
    accessLog: config.ACCESS_LOG === 'on',
    accessLogger,
    googleClientId: config.GOOGLE_CLIENT_ID,
    liveReload: config.LIVE_RELOAD === 'on',
  });
  const server = http
    .createServer(listener)
    .listen(config.PORT, config.HOST, () =>
      logger.info({ port: config.PORT }, `gateway listening on http://${config.HOST}:${config.PORT}`),
    );
  // longer than a client's or a load balancer's idle keep-alive (60 s at AWS's), so that a reused
  // socket never meets the gateway closing it: a POST on such a socket fails with "other side closed"
  server.keepAliveTimeout = 65_000;
  shutdown.add('http', httpDrain(server));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void shutdown.run().then(() => process.exit(0)));
  }
}

void main();
