'use strict';
const fs = require('node:fs');
const net = require('node:net');
const { spawnSync } = require('node:child_process');
const { freePort, waitFor } = require('./net');
const { ROOT } = require('./paths');
const { startProcess } = require('./processes');

function pingRedis(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * REDIS_URL when set; else the Redis on 127.0.0.1:6379 if it answers; else a redis-server
 * child keeping its data under dataDir, with the settings BullMQ needs.
 */
async function ensureRedis({ dataDir, url = process.env.REDIS_URL }) {
  if (url) return { url, stop: async () => undefined };
  if (await pingRedis(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => undefined };
  const which = spawnSync('redis-server', ['--version']);
  if (which.error) {
    throw new Error(
      'No Redis answers on 127.0.0.1:6379 and redis-server is not installed: install Redis (apt-get install redis-server) or set REDIS_URL.',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const proc = startProcess(
    'redis',
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dataDir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--maxmemory-policy',
      'noeviction',
    ],
    { quiet: true },
  );
  await waitFor(() => pingRedis(port), { what: 'redis-server' });
  return { url: `redis://127.0.0.1:${port}`, stop: () => proc.stop() };
}

/**
 * Deletes every key under `prefix` (a test or smoke run's own). ioredis is resolved from
 * `projectDir`, which may be a fresh copy with its own node_modules.
 */
async function removeKeys(url, prefix, projectDir = ROOT) {
  const { Redis } = require(require.resolve('ioredis', { paths: [projectDir] }));
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

module.exports = { ensureRedis, pingRedis, removeKeys };
