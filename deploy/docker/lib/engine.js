'use strict';
// The container engine and the stack, for `npm run smoke:containers`: an engine started when the
// machine has none running (and stopped again), the local bases where Docker Hub is not reached,
// the image, and one compose project of the stack on free host ports. Everything started here is
// removed by what started it.
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const dns = require('node:dns/promises');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('../../local/lib/paths');
const { freePort, waitFor } = require('../../local/lib/net');
const { pinnedVersion } = require('../../local/lib/node-runtime');

/**
 * The Node base of the image: the official slim image of the pinned release's line where Docker
 * Hub is reached, else the local one make-local-bases.sh makes of the pinned release itself.
 */
const NODE_VERSION = pinnedVersion();
const NODE_IMAGES = {
  official: `node:${NODE_VERSION.split('.').slice(0, 2).join('.')}-bookworm-slim`,
  local: `tax-portal-base/node:${NODE_VERSION}`,
};
const IMAGE = 'tax-portal:smoke';
const run = (command, args, options = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Installs Debian's package of each command the machine lacks (the package lists read afresh if they are stale). */
function installMissing(packageOf) {
  const missing = Object.entries(packageOf)
    .filter(([command]) => !succeeds('sh', ['-c', `command -v ${command}`]))
    .map(([, name]) => name);
  if (!missing.length) return;
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (install()) return;
  run('apt-get', ['update', '-qq']);
  if (!install()) throw new Error(`could not install ${missing.join(', ')} with apt-get`);
}

/** A running engine: the machine's, or one started here (Debian's docker.io) and stopped by `stop`. */
async function ensureEngine() {
  installMissing({ dockerd: 'docker.io', 'docker-compose': 'docker-compose' });
  if (succeeds('docker', ['info'])) return { started: false, stop: async () => undefined };
  fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  const log = fs.openSync(path.join(ROOT, '.data', 'dockerd.log'), 'a');
  const bridgeWasThere = succeeds('ip', ['link', 'show', 'docker0']);
  // eth0's MTU here is 1400: containers' packets must not be larger (CONTAINERS.md)
  const daemon = spawn('dockerd', ['--mtu', '1400'], { stdio: ['ignore', log, log], detached: true });
  await waitFor(async () => succeeds('docker', ['info']), { timeoutMs: 30_000, what: 'the Docker engine' });
  return {
    started: true,
    async stop() {
      process.kill(daemon.pid, 'SIGTERM');
      await new Promise((resolve) => daemon.once('exit', resolve));
      // the default bridge the engine made outlives it; what this run started, it removes
      if (!bridgeWasThere) spawnSync('ip', ['link', 'delete', 'docker0'], { stdio: 'ignore' });
    },
  };
}

/** Where Docker Hub's name does not resolve, the official images cannot be pulled. */
async function dockerHubReached() {
  return dns.lookup('registry-1.docker.io').then(
    () => true,
    () => false,
  );
}

/** The BuildKit client: the machine's `docker` may lack buildx; Debian's 20.10 client has BuildKit built in. */
const buildkitClient = () => (fs.existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker');

/** Builds the one image of every workload; answers how long it took, in seconds. */
function buildImage(nodeImage, tag = IMAGE) {
  const started = Date.now();
  const ca = '/etc/ssl/certs/ca-certificates.crt';
  const args = ['build', '-q', '-f', 'deploy/docker/Dockerfile', '--build-arg', `NODE_IMAGE=${nodeImage}`, '-t', tag];
  if (fs.existsSync(ca)) args.push('--secret', `id=npm-ca,src=${ca}`);
  run(buildkitClient(), [...args, '.'], { cwd: ROOT, env: { ...process.env, DOCKER_BUILDKIT: '1' } });
  return (Date.now() - started) / 1000;
}

/** Keys made for one run of a stack: the token pair, the licence key and the service credential. */
function runKeys() {
  const rsa = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const license = crypto.generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  return {
    jwtPrivateKey: rsa.privateKey,
    jwtPublicKey: rsa.publicKey,
    licenseSigningKey: license.privateKey,
    serviceSecret: crypto.randomBytes(24).toString('hex'),
  };
}

/** The seller a run's stack is configured with, as production would be (billing starts only with one). */
const RUN_SELLER = {
  SELLER_LEGAL_NAME: 'Ledgerline Software Private Limited',
  SELLER_ADDRESS: '5 Residency Road, Bengaluru, Karnataka 560025',
  SELLER_GSTIN: '29AAGCR4375J1ZU',
  SELLER_EMAIL: 'support@ledgerline.in',
  SELLER_PHONE: '+91 80 4123 4567',
  GRIEVANCE_OFFICER_NAME: 'Meera Krishnan',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@ledgerline.in',
};

/** What the stack's containers need from a .env: keys made for this run, the seller, the admin. */
function stackEnvironment({ gatewayPort, mailpitPort, phonepePort, nodeImage, admin }) {
  const keys = runKeys();
  const oneLine = (pem) => pem.replace(/\n/g, '\\n');
  const publicUrl = `http://127.0.0.1:${gatewayPort}`;
  return {
    PORTAL_VERSION: 'smoke',
    NODE_IMAGE: nodeImage,
    GATEWAY_PORT: String(gatewayPort),
    MAILPIT_PORT: String(mailpitPort),
    PHONEPE_PORT: String(phonepePort),
    PUBLIC_URL: publicUrl,
    CORS_ORIGINS: publicUrl,
    // the load steps send thousands of calls a minute from this one address
    RATE_LIMIT_POINTS: '1000000',
    JWT_PRIVATE_KEY: oneLine(keys.jwtPrivateKey),
    JWT_PUBLIC_KEY: oneLine(keys.jwtPublicKey),
    SERVICE_SECRET: keys.serviceSecret,
    LICENSE_SIGNING_KEY: oneLine(keys.licenseSigningKey),
    // PhonePe cannot be reached from here: its stand-in runs in the stack (smoke/compose.smoke.yml)
    PHONEPE_CLIENT_ID: 'SMOKE-STANDIN',
    PHONEPE_CLIENT_SECRET: crypto.randomBytes(16).toString('hex'),
    PHONEPE_OAUTH_BASE_URL: 'http://phonepe:8090',
    PHONEPE_PG_BASE_URL: 'http://phonepe:8090',
    PHONEPE_WEBHOOK_USERNAME: 'smoke_hooks',
    PHONEPE_WEBHOOK_PASSWORD: crypto.randomBytes(12).toString('hex'),
    ...RUN_SELLER,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
}

/** One compose project of the stack, on free host ports, with the local bases where needed. */
async function composeStack({ workDir, admin }) {
  const localBases = !(await dockerHubReached());
  const nodeImage = localBases ? NODE_IMAGES.local : NODE_IMAGES.official;
  const [gatewayPort, mailpitPort, phonepePort] = [await freePort(), await freePort(), await freePort()];
  const envFile = path.join(workDir, '.env');
  const environment = stackEnvironment({ gatewayPort, mailpitPort, phonepePort, nodeImage, admin });
  fs.writeFileSync(
    envFile,
    `${Object.entries(environment)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );
  const project = `taxportal${crypto.randomBytes(3).toString('hex')}`;
  const files = [
    '-f',
    'docker-compose.yml',
    ...(localBases ? ['-f', 'deploy/docker/compose.local-bases.yml'] : []),
    '-f',
    'deploy/docker/smoke/compose.smoke.yml',
  ];
  const compose = (...args) => run('docker-compose', ['-p', project, '--env-file', envFile, ...files, ...args], { cwd: ROOT });
  return {
    project,
    localBases,
    nodeImage,
    url: `http://127.0.0.1:${gatewayPort}`,
    mailpitUrl: `http://127.0.0.1:${mailpitPort}`,
    compose,
    /** Every container of the project, with its health. */
    containers() {
      const ids = run('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`])
        .trim()
        .split('\n')
        .filter(Boolean);
      if (!ids.length) return [];
      return JSON.parse(run('docker', ['inspect', ...ids])).map((container) => ({
        id: container.Id,
        name: container.Name.replace(/^\//, ''),
        service: container.Config.Labels['com.docker.compose.service'],
        state: container.State.Status,
        health: container.State.Health?.Status ?? 'none',
      }));
    },
    /** Waits until every container runs and is healthy (compose 1.29 has no `up --wait`); answers the seconds. */
    async healthy(timeoutMs = 180_000) {
      const started = Date.now();
      await waitFor(
        async () => {
          const all = this.containers();
          return (
            all.length > 0 && all.every((container) => container.state === 'running' && ['healthy', 'none'].includes(container.health))
          );
        },
        { timeoutMs, intervalMs: 1000, what: `every container of ${project} healthy` },
      );
      return (Date.now() - started) / 1000;
    },
    /** Removes the project's containers, networks and volumes, and its image. */
    down() {
      compose('down', '-v', '--remove-orphans', '--timeout', '10');
    },
  };
}

module.exports = { ensureEngine, installMissing, dockerHubReached, buildImage, composeStack, runKeys, RUN_SELLER, IMAGE, NODE_IMAGES };
