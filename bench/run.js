'use strict';
// `npm run bench`: each figure is a ratio against a baseline measured in the same run.
const crypto = require('node:crypto');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const jwt = require('jsonwebtoken');
const { DATA_DIR } = require('../deploy/local/lib/paths');
const { ensureDependencies, build } = require('../deploy/local/lib/setup');
const { report } = require('./lib');

async function main() {
  // The load generator (this process) keeps core 1 to itself; the servers under test share core 0.
  spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  ensureDependencies();
  build();
  const { ensureRedis } = require('../deploy/local/lib/redis');
  const { gatewayOverhead } = require('./gateway-overhead');
  const { landingPage } = require('./landing-page');
  const { lighthouseScores } = require('./lighthouse');
  const { startFerretDB } = require('../deploy/local/lib/ferretdb');
  const { startStack } = require('../deploy/local/lib/stack');
  const { paymentSettings } = require('../deploy/local/lib/payment-stand-in');
  const { freePort } = require('../deploy/local/lib/net');
  const redis = await ensureRedis({ dataDir: path.join(DATA_DIR, 'bench-redis') });
  const keys = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const signUserToken = () =>
    jwt.sign({ email: 'bench@example.com' }, keys.privateKey, {
      algorithm: 'RS256',
      issuer: 'portal-auth',
      audience: 'portal-user',
      subject: 'bench',
      jwtid: crypto.randomUUID(),
      expiresIn: 3600,
    });
  const context = { redisUrl: redis.url, redisPrefix: `bench:${Date.now()}:`, keys, signUserToken };
  let allMet = true;
  try {
    console.log('\nGateway overhead (gateway and service share core 0; the load generator has core 1)');
    const rows = await gatewayOverhead(context);
    report(rows);
    allMet &&= rows.every((row) => row[3]);

    // The pages are measured as a visitor's machine runs them: every core for the stack and Chromium.
    // os.cpus(), not availableParallelism(), which counts only the core this process is pinned to.
    spawnSync('taskset', ['-cp', `0-${os.cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
    console.log('\nLanding page in Chromium (the whole stack as npm start runs it)');
    const ferret = await startFerretDB({ dataDir: path.join(DATA_DIR, `bench-ferretdb-${Date.now()}`) });
    const gatewayPort = await freePort();
    const payments = await paymentSettings({}, `http://127.0.0.1:${gatewayPort}`);
    const stack = await startStack({
      gatewayPort,
      freePorts: true,
      databasePrefix: 'bench_',
      quiet: true,
      env: {
        ...process.env,
        MONGODB_URI: ferret.uri,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `bench-stack:${Date.now()}:`,
        JWT_PUBLIC_KEY: keys.publicKey,
        JWT_PRIVATE_KEY: keys.privateKey,
        SERVICE_SECRET: crypto.randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        ...payments.env,
      },
    });
    try {
      const landing = await landingPage(stack.url);
      report(landing);
      allMet &&= landing.every((row) => row[3]);

      console.log('\nLighthouse in Chromium (mobile defaults: throttled CPU and 4G)');
      const scores = await lighthouseScores(stack.url);
      report(scores);
      allMet &&= scores.every((row) => row[3]);
    } finally {
      await stack.stop();
      await payments.stop();
      await ferret.stop();
    }
  } finally {
    await redis.stop();
  }
  console.log(allMet ? '\nEvery goal met.' : '\nSome goals missed.');
}

main().catch((error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
