import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { ServiceConfig } from '../config/service-config';
import { loadConfig } from '../config/load-config';
import { connectMongo } from '../data/mongo';
import { countDatabaseCommands } from '../observability/database-commands';
import { connectRedis } from '../data/redis';
import { createTokenVerifier, type TokenVerifier } from '../auth/token-verifier';
import { createLogger, type Logger } from '../observability/logger';
import { httpDrain } from './http-drain';
import { Shutdown } from './shutdown';

export interface ServiceRuntime {
  logger: Logger;
  shutdown: Shutdown;
}

export interface Infrastructure {
  mongo: Connection;
  redis: Redis;
  verifyToken: TokenVerifier;
}

/** Opens the service's database, Redis and token verifier, and registers them for shutdown. */
export async function connectInfrastructure(config: ServiceConfig, { shutdown, logger }: ServiceRuntime): Promise<Infrastructure> {
  const mongo = await connectMongo({ uri: config.MONGODB_URI, dbName: config.MONGODB_DB, monitorCommands: true });
  countDatabaseCommands(mongo);
  shutdown.add('mongodb', () => mongo.close());
  const redis = await connectRedis(config.REDIS_URL);
  shutdown.add('redis', () => redis.quit());
  const verifyToken = createTokenVerifier({
    publicKey: config.JWT_PUBLIC_KEY,
    redis,
    redisPrefix: config.REDIS_PREFIX,
    onRevocationUnknown: (error) => logger.warn({ err: error }, 'token revocation list unreachable; user token accepted on its signature'),
  });
  return { mongo, redis, verifyToken };
}

/**
 * The entry point every service shares: config → connections → app → listen, and on SIGTERM
 * or SIGINT stop accepting, finish in-flight requests, then close workers and connections.
 */
export async function runService<S extends z.ZodType<ServiceConfig>>(
  name: string,
  schema: S,
  start: (config: z.infer<S>, runtime: ServiceRuntime) => Promise<Express>,
): Promise<void> {
  let config: z.infer<S>;
  try {
    config = loadConfig(schema);
  } catch (error) {
    console.error(`[${name}] ${(error as Error).message}`);
    process.exit(1);
  }
  const logger = createLogger(name, config.LOG_LEVEL, { format: config.LOG_FORMAT, slowRequestMs: config.LOG_SLOW_REQUEST_MS });
  const shutdown = new Shutdown(logger);
  try {
    const app = await start(config, { logger, shutdown });
    const server: Server = app.listen(config.PORT, config.HOST);
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
    server.keepAliveTimeout = 65_000; // longer than the gateway's idle sockets, so reuse never races a close
    shutdown.add('http', httpDrain(server));
    logger.info({ port: config.PORT, host: config.HOST }, `${name} listening`);
  } catch (error) {
    logger.fatal({ err: error }, `${name} failed to start`);
    await shutdown.run();
    process.exit(1);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down');
      void shutdown.run().then(() => process.exit(0));
    });
  }
}
