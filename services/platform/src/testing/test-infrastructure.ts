import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { Redis } from 'ioredis';
import { connectMongo } from '../data/mongo';

/** The real servers `npm test` brought up; tests never run against fakes. */
export function testEnvironment(): { mongoUri: string; redisUrl: string; redisPrefix: string } {
  const mongoUri = process.env.MONGODB_URI;
  const redisUrl = process.env.REDIS_URL;
  if (!mongoUri || !redisUrl) {
    throw new Error('MONGODB_URI and REDIS_URL are not set: run the tests with `npm test`, which starts FerretDB and Redis.');
  }
  return { mongoUri, redisUrl, redisPrefix: process.env.REDIS_TEST_PREFIX ?? 'test:' };
}

const uniqueSuffix = () => `${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;

export interface TestDatabase {
  uri: string;
  dbName: string;
  connection: Connection;
  drop(): Promise<void>;
}

/** A database of its own for one test file, dropped afterwards. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const { mongoUri } = testEnvironment();
  const dbName = `t_${label}_${uniqueSuffix()}`.slice(0, 63);
  const connection = await connectMongo({ uri: mongoUri, dbName, serverSelectionTimeoutMS: 2000 });
  return {
    uri: mongoUri,
    dbName,
    connection,
    async drop() {
      await connection.dropDatabase();
      await connection.close();
    },
  };
}

export interface TestRedis {
  url: string;
  prefix: string;
  redis: Redis;
  cleanup(): Promise<void>;
}

/** A key prefix of its own for one test file on the real Redis; its keys are deleted afterwards. */
export async function createTestRedis(label: string): Promise<TestRedis> {
  const { redisUrl, redisPrefix } = testEnvironment();
  const prefix = `${redisPrefix}${label}:${uniqueSuffix()}:`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  return {
    url: redisUrl,
    prefix,
    redis,
    async cleanup() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}
