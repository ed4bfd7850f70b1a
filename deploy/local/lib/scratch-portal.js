'use strict';
// The whole portal on throwaway data, for the commands that measure or look at it (bench,
// screenshots): its own FerretDB folder in the system's temp dir, its own Redis prefix, key pair
// and PhonePe stand-in, all removed again by stop(). The project's .data is never touched.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFerretDB } = require('./ferretdb');
const { freePort } = require('./net');
const { paymentSettings } = require('./payment-stand-in');
const { removeKeys } = require('./redis');
const { startStack } = require('./stack');

const newKeyPair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

/** Starts the portal; `admin` becomes its first admin, `env` adds or overrides settings. */
async function startScratchPortal({ label, redisUrl, keys = newKeyPair(), admin, env = {} }) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`));
  const redisPrefix = `${label}:${path.basename(workDir)}:`;
  const ferret = await startFerretDB({ dataDir: path.join(workDir, 'ferretdb') });
  const gatewayPort = await freePort();
  const url = `http://127.0.0.1:${gatewayPort}`;
  const payments = await paymentSettings({}, url);
  const stack = await startStack({
    gatewayPort,
    freePorts: true,
    databasePrefix: `${label}_`,
    quiet: true,
    env: {
      ...process.env,
      MONGODB_URI: ferret.uri,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_PUBLIC_KEY: keys.publicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      SERVICE_SECRET: crypto.randomBytes(32).toString('hex'),
      RELEASES_DIR: path.join(workDir, 'releases'),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...(admin && { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      ...payments.env,
      ...env,
    },
  });
  return {
    url: stack.url,
    /** For data written straight into a service's database (resilience/lib/seed.js). */
    db: { uri: ferret.uri },
    databasePrefix: `${label}_`,
    async stop() {
      await stack.stop();
      await payments.stop();
      await ferret.stop();
      await removeKeys(redisUrl, redisPrefix).catch(() => undefined);
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

module.exports = { startScratchPortal, newKeyPair };
