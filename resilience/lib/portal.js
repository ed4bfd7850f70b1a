'use strict';
// The portal as `npm start` runs it (supervised services, FerretDB, the PhonePe stand-in), on
// throwaway data, with a Redis and a FerretDB of its own so that scenarios can stop and start them
// without touching anything else on the machine.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const mongoose = require('mongoose');
const { startFerretDB } = require('../../deploy/local/lib/ferretdb');
const { startMailpit } = require('../../deploy/local/lib/mailpit');
const { freePort, waitFor } = require('../../deploy/local/lib/net');
const { paymentSettings } = require('../../deploy/local/lib/payment-stand-in');
const { pingRedis } = require('../../deploy/local/lib/redis');
const { startProcess } = require('../../deploy/local/lib/processes');
const { newKeyPair } = require('../../deploy/local/lib/scratch-portal');
const { startStack } = require('../../deploy/local/lib/stack');
const { webhookAuthorization } = require('../../deploy/local/stand-ins/phonepe');

const ADMIN = { email: 'resilience-admin@portal.test', password: 'resilience-admin-1' };

/** A redis-server child that can be stopped and started again on the same port. */
async function startOwnRedis(dataDir) {
  const port = await freePort();
  let proc;
  const start = async () => {
    proc = startProcess(
      'redis',
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--dir', dataDir, '--save', '', '--appendonly', 'yes'],
      {
        quiet: true,
      },
    );
    await waitFor(() => pingRedis(port), { what: 'redis-server' });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, pid: () => proc.child.pid, stop: () => proc.stop(), start };
}

/** MONGODB_URI's server when set (to measure on MongoDB), which scenarios cannot stop. */
function externalDatabase(uri) {
  const refuse = async () => {
    throw new Error('the database is MONGODB_URI, which this run does not stop; unset it to run this scenario');
  };
  return { uri, external: true, pid: () => undefined, kill: refuse, stop: async () => undefined, start: refuse };
}

/** FerretDB that can be killed and started again on the same port and data. */
async function startOwnFerretDB(dataDir) {
  let ferret = await startFerretDB({ dataDir });
  const { port } = ferret;
  return {
    uri: ferret.uri,
    pid: () => ferret.pid,
    kill: () => ferret.kill(),
    stop: () => ferret.stop(),
    async start() {
      ferret = await startFerretDB({ dataDir, port });
    },
  };
}

async function dropDatabases(uri, prefix) {
  const connection = await mongoose.createConnection(uri).asPromise();
  const { databases } = await connection.db.admin().listDatabases();
  for (const { name } of databases.filter((database) => database.name.startsWith(prefix))) await connection.useDb(name).dropDatabase();
  await connection.close();
}

async function startResiliencePortal({ env = {} } = {}) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-resilience-'));
  fs.mkdirSync(path.join(workDir, 'redis'));
  const redis = await startOwnRedis(path.join(workDir, 'redis'));
  const db = process.env.MONGODB_URI ? externalDatabase(process.env.MONGODB_URI) : await startOwnFerretDB(path.join(workDir, 'ferretdb'));
  const keys = newKeyPair();
  // its own databases, so that a run on MONGODB_URI's server leaves nothing of an earlier one
  const databasePrefix = `res_${Date.now().toString(36)}_`;
  const gatewayPort = await freePort();
  const url = `http://127.0.0.1:${gatewayPort}`;
  const payments = await paymentSettings({}, url);
  // a mail server of its own, which a scenario pauses; never a developer's inbox
  const mailpit = await startMailpit({ dataDir: path.join(workDir, 'mailpit'), anyPorts: true });
  const supervisorLog = [];
  const stack = await startStack({
    gatewayPort,
    freePorts: true,
    databasePrefix,
    // RESILIENCE_LOGS=1 shows the services' warnings and errors, to see why a scenario failed
    quiet: !process.env.RESILIENCE_LOGS,
    log: (line) => supervisorLog.push({ at: Date.now(), line: line.split('\n', 1)[0] }),
    env: {
      ...process.env,
      MONGODB_URI: db.uri,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'res:',
      JWT_PUBLIC_KEY: keys.publicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      SERVICE_SECRET: crypto.randomBytes(32).toString('hex'),
      RELEASES_DIR: path.join(workDir, 'releases'),
      PUBLIC_URL: url,
      LOG_LEVEL: process.env.RESILIENCE_LOGS ? 'warn' : 'error',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: mailpit.smtpUrl,
      ...payments.env,
      ...env,
    },
  });
  const processes = Object.fromEntries(stack.processes.map((proc) => [proc.name, proc]));
  return {
    url,
    admin: ADMIN,
    redisPrefix: 'res:',
    databasePrefix,
    redis,
    db,
    processes,
    /** Each service's own address, for its /metrics (the gateway does not route there). */
    serviceUrls: Object.values(stack.ports).map((port) => `http://127.0.0.1:${port}`),
    standIn: payments.standIn,
    /** The mail server: its API (/api/v1), and pausing it as a server that accepts connections and never answers. */
    mailpit: {
      apiUrl: mailpit.apiUrl,
      pause: () => process.kill(mailpit.pid(), 'SIGSTOP'),
      resume: () => process.kill(mailpit.pid(), 'SIGCONT'),
    },
    /** Where PhonePe's callbacks go and the header that proves them, to send one as PhonePe would. */
    webhook: {
      url: `${url}/api/payment/phonepe/webhook`,
      authorization: webhookAuthorization(payments.env.PHONEPE_WEBHOOK_USERNAME, payments.env.PHONEPE_WEBHOOK_PASSWORD),
    },
    supervisorLog,
    /** How many restarts the supervisor has made so far, of all processes. */
    restarts: () => stack.processes.reduce((sum, proc) => sum + proc.restarts, 0),
    /** Every process of the portal by name, for CPU and memory figures. */
    pids: () => ({
      ...Object.fromEntries(stack.processes.map((proc) => [proc.name, proc.child.pid])),
      ferretdb: db.pid(),
      redis: redis.pid(),
    }),
    async stop() {
      await stack.stop();
      await payments.stop();
      process.kill(mailpit.pid(), 'SIGCONT');
      await mailpit.stop();
      if (db.external) await dropDatabases(db.uri, databasePrefix);
      await db.stop();
      await redis.stop();
      fs.rmSync(workDir, { recursive: true, force: true });
    },
  };
}

module.exports = { startResiliencePortal };
