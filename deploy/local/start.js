'use strict';
// `npm start`: the whole portal on http://localhost:8080 with embedded infrastructure, no Docker.
// `npm run dev` (--dev): the same, with every part rebuilt and restarted on change and open
// pages reloaded.
if (require('./lib/node-runtime').relaunchOnSupportedNode()) return;
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
  const { startMailpit } = require('./lib/mailpit');
  const { devDefaults } = require('./lib/secrets');
  const { startStack } = require('./lib/stack');
  const { paymentSettings } = require('./lib/payment-stand-in');
  const { phoneSettings } = require('./lib/phone-stand-in');
  const { seedDemoReleaseFromShell } = require('./lib/demo-release');

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
  // npm passes a signal on only when the whole process group gets it, as from a terminal's Ctrl-C;
  // a SIGTERM sent to npm's process alone ends npm and leaves this one behind (npm/cli#6684). So
  // the portal also stops when the process that started it is gone.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void shutdown(0), 500).unref();

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
    // Every e-mail lands in a local inbox, unless SMTP_URL names a real mail server.
    const mailpit = process.env.SMTP_URL ? null : await startMailpit({ dataDir: path.join(DATA_DIR, 'mailpit') });
    if (mailpit) cleanups.push(mailpit.stop);
    // Generated defaults first, so that whatever the environment configures wins over them.
    const defaults = devDefaults(process.env, DATA_DIR);
    const gatewayPort = Number(process.env.PORT ?? 8080);
    const payments = await paymentSettings(process.env, `http://127.0.0.1:${gatewayPort}`);
    cleanups.push(payments.stop);
    const phones = await phoneSettings(process.env, `http://127.0.0.1:${gatewayPort}`);
    cleanups.push(phones.stop);
    const env = {
      PUBLIC_URL: `http://localhost:${gatewayPort}`,
      // a developer's webhook receiver listens on their own machine
      WEBHOOK_ALLOW_LOCAL: 'true',
      ...defaults,
      ...process.env,
      ...payments.env,
      ...phones.env,
      MONGODB_URI: mongoUri,
      REDIS_URL: redis.url,
      ...(mailpit && { SMTP_URL: mailpit.smtpUrl }),
      // A person at a terminal reads short lines; piped to a file or a collector, JSON stays.
      ...(process.stdout.isTTY && !process.env.LOG_FORMAT && { LOG_FORMAT: 'pretty' }),
      ...(dev && { LIVE_RELOAD: 'on' }),
    };
    const stack = await startStack({ env, gatewayPort, watch: dev });
    cleanups.push(stack.stop);
    // For `npm run release:publish`, which runs beside the portal.
    fs.writeFileSync(path.join(DATA_DIR, 'runtime.json'), JSON.stringify({ MONGODB_URI: mongoUri }));
    // Optional: without it the download page only says that no release is published yet.
    await seedDemoReleaseFromShell(stack.url, { mongoUri, releasesDir: path.join(DATA_DIR, 'releases') }).then(
      (seeded) => seeded && console.log(`Published a placeholder installer as release ${seeded}.`),
      (error) => console.warn(`Warning: no placeholder installer was published (${error.message}); the portal runs on without it.`),
    );
    console.log(`\nThe portal is running on http://localhost:${gatewayPort}  (Ctrl-C stops it)`);
    if (mailpit) console.log(`E-mails the portal sends arrive in the local inbox: ${mailpit.inboxUrl}`);
    else console.log(`E-mails go to ${env.SMTP_URL.replace(/\/\/[^@/]*@/, '//')}`);
    if (payments.standIn) console.log(`Payments go to the local PhonePe stand-in (${payments.standIn.baseUrl}); no money moves.`);
    if (phones.standIn) console.log(`WhatsApp and SMS go to the local stand-in; what each phone received: ${phones.standIn.baseUrl}/`);
    if (defaults.ADMIN_EMAIL)
      console.log(
        `Admin sign-in: ${defaults.ADMIN_EMAIL} / ${defaults.ADMIN_PASSWORD}  (from .data/keys/admin-password); the first sign-in sets up an authenticator app`,
      );
    else if (env.ADMIN_EMAIL) console.log(`Admin sign-in: ${env.ADMIN_EMAIL}, with the password in ADMIN_PASSWORD`);
    console.log('');
  } catch (error) {
    console.error(`\nCould not start the portal: ${error.message}`);
    await shutdown(1);
  }
}

void main();
