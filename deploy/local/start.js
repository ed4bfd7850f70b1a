'use strict';
// `npm start`: the whole portal on http://localhost:8080 with embedded infrastructure, no Docker.
// `npm run dev` (--dev): the same, with every part rebuilt and restarted on change and open
// pages reloaded.
const fs = require('node:fs');
const path = require('node:path');
const { DATA_DIR } = require('./lib/paths');
const { ensureDependencies, build, watchBuilds, loadDotEnv } = require('./lib/setup');

const dev = process.argv.includes('--dev');

async function main() {
  loadDotEnv();
  ensureDependencies();
  build({ frontends: !dev });
  const { startFerretDB } = require('./lib/ferretdb');
  const { ensureRedis } = require('./lib/redis');
  const { ensureDevSecrets } = require('./lib/secrets');
  const { startStack } = require('./lib/stack');
  const { paymentSettings } = require('./lib/payment-stand-in');
  const { seedDemoRelease } = require('./lib/demo-release');

  const cleanups = [];
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the portal…');
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    if (dev) for (const watcher of await watchBuilds()) cleanups.push(() => watcher.stop());
    let mongoUri = process.env.MONGODB_URI;
    if (!mongoUri) {
      const ferret = await startFerretDB({ dataDir: path.join(DATA_DIR, 'ferretdb') });
      cleanups.push(ferret.stop);
      mongoUri = ferret.uri;
    }
    const redis = await ensureRedis({ dataDir: path.join(DATA_DIR, 'redis') });
    cleanups.push(redis.stop);
    const secrets = process.env.JWT_PUBLIC_KEY ? {} : ensureDevSecrets(DATA_DIR);
    // The first admin of the embedded default; its password was generated into .data/keys/.
    const admin = process.env.ADMIN_EMAIL
      ? {}
      : { ADMIN_EMAIL: 'admin@portal.local', ADMIN_PASSWORD: ensureDevSecrets(DATA_DIR).ADMIN_PASSWORD };
    const gatewayPort = Number(process.env.PORT ?? 8080);
    const payments = await paymentSettings(process.env, `http://127.0.0.1:${gatewayPort}`);
    cleanups.push(payments.stop);
    const stack = await startStack({
      env: {
        PUBLIC_URL: `http://localhost:${gatewayPort}`,
        ...process.env,
        ...secrets,
        ...admin,
        ...payments.env,
        MONGODB_URI: mongoUri,
        REDIS_URL: redis.url,
        ...(dev && { LIVE_RELOAD: 'on' }),
      },
      gatewayPort,
      watch: dev,
    });
    cleanups.push(stack.stop);
    // For `npm run release:publish`, which runs beside the portal.
    fs.writeFileSync(path.join(DATA_DIR, 'runtime.json'), JSON.stringify({ MONGODB_URI: mongoUri }));
    const adminEmail = process.env.ADMIN_EMAIL ?? admin.ADMIN_EMAIL;
    const adminPassword = process.env.ADMIN_PASSWORD ?? admin.ADMIN_PASSWORD;
    if (adminEmail && adminPassword) {
      const seeded = await seedDemoRelease(stack.url, { email: adminEmail, password: adminPassword });
      if (seeded) console.log(`Published a placeholder installer as release ${seeded}.`);
    }
    for (const proc of stack.processes) {
      proc.exited.then(({ code }) => {
        if (!stopping) {
          console.error(`${proc.name} stopped unexpectedly (exit ${code}); stopping the portal.`);
          void shutdown(1);
        }
      });
    }
    console.log(`\nThe portal is running on http://localhost:${gatewayPort}  (Ctrl-C stops it)`);
    if (payments.standIn) console.log(`Payments go to the local PhonePe stand-in (${payments.standIn.baseUrl}); no money moves.`);
    if (admin.ADMIN_EMAIL) console.log(`Admin sign-in: ${admin.ADMIN_EMAIL} / ${admin.ADMIN_PASSWORD}  (from .data/keys/admin-password)`);
    console.log('');
  } catch (error) {
    console.error(`\nCould not start the portal: ${error.message}`);
    await shutdown(1);
  }
}

void main();
