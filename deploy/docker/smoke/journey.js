'use strict';
// The portal as operators run it (issue #53): the engine, the base images where Docker Hub is not
// reached, the one image, and the compose stack on free host ports; then a visitor's journey over
// HTTP, a stop and a start that keep the data, and a teardown that leaves nothing behind. One step
// a test, in order; the figures go to reports/containers.json. Run by `npm run smoke:containers`.
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { after, test } = require('node:test');
const { ROOT } = require('../../local/lib/paths');
const { waitFor } = require('../../local/lib/net');
const { buildImage, composeStack, ensureEngine, IMAGE } = require('../lib/engine');

const MINUTE = 60_000;
const ADMIN = { email: 'owner@containers.test', password: `containers-${crypto.randomBytes(6).toString('hex')}` };
const VISITOR = { firstName: 'Kavya', email: `kavya-${Date.now()}@containers.test`, password: 'visitor-secret-1' };
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-containers-'));
const figures = { machine: { cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30) } };
const state = {};
let engine;
let stack;

/**
 * fetch, once more when a kept-alive connection was closed by the other side as the call went out
 * (undici's UND_ERR_SOCKET before any answer): the call never reached the portal, and a browser
 * sends it again the same way. Any other failure is the portal's and is reported.
 */
async function send(route, init) {
  try {
    return await fetch(`${stack.url}${route}`, init);
  } catch (error) {
    if (error.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(`${stack.url}${route}`, init);
  }
}

const call = async (method, route, { token, body } = {}) => {
  const response = await send(route, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes('json') ? await response.json() : await response.text(),
  };
};
const expectStatus = (answer, status, what) =>
  assert.equal(answer.status, status, `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
const imageBytes = (image) =>
  Number(execFileSync('docker', ['image', 'inspect', '--format', '{{.Size}}', image], { encoding: 'utf8' }).trim());

after(async () => {
  try {
    stack?.down();
  } finally {
    await engine?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
    fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'reports', 'containers.json'), `${JSON.stringify(figures, null, 2)}\n`);
  }
});

test('a Docker engine runs: the machine’s, or one started for this run', { timeout: 5 * MINUTE }, async () => {
  engine = await ensureEngine();
  figures.engineStartedHere = engine.started;
});

test('the base images are there: made here where Docker Hub is not reached', { timeout: 10 * MINUTE }, async () => {
  stack = await composeStack({ workDir, admin: ADMIN });
  figures.localBases = stack.localBases;
  if (!stack.localBases) return;
  const started = Date.now();
  execFileSync('bash', ['deploy/docker/make-local-bases.sh'], { cwd: ROOT, stdio: 'inherit' });
  figures.localBasesSeconds = (Date.now() - started) / 1000;
});

test('the image builds, and the project adds at most 150 MB to its Node base', { timeout: 15 * MINUTE }, () => {
  figures.imageBuildSeconds = buildImage(stack.nodeImage);
  const added = imageBytes(IMAGE) - imageBytes(stack.nodeImage);
  figures.imageMB = Math.round(imageBytes(IMAGE) / 1e6);
  figures.projectLayersMB = Math.round(added / 1e6);
  assert.ok(added <= 150e6, `the project's layers are ${figures.projectLayersMB} MB`);
});

test('the stack comes up healthy on free host ports', { timeout: 5 * MINUTE }, async () => {
  const started = Date.now();
  stack.compose('up', '-d', '--no-build');
  await stack.healthy();
  figures.upToHealthySeconds = (Date.now() - started) / 1000;
  figures.containers = stack.containers().map(({ service, health }) => ({ service, health }));
  expectStatus(await call('GET', '/health'), 200, 'the gateway');
});

test('a visitor signs up with the versions in force, starts the trial and may download', async () => {
  const policies = await call('GET', '/api/auth/policies');
  expectStatus(policies, 200, 'policies');
  const signup = await call('POST', '/api/auth/register', {
    body: {
      ...VISITOR,
      acceptedPolicies: policies.body.accept,
      personalInfo: {
        age: 38,
        gender: 'female',
        address: { street: '8 Brigade Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560025' },
      },
    },
  });
  expectStatus(signup, 201, 'sign-up');
  state.token = signup.body.token;
  expectStatus(await call('POST', '/api/start-trial', { token: state.token }), 200, 'trial');
  const status = await call('GET', '/api/subscription-status', { token: state.token });
  assert.equal(status.body.subscriptionStatus, 'trial');
  assert.equal(status.body.canDownload, true);
});

test('the visitor downloads their data, joined from every service', async () => {
  const data = await call('GET', '/api/account/my-data', { token: state.token });
  expectStatus(data, 200, 'my data');
  assert.equal(data.body.profile.email, VISITOR.email);
  assert.equal(data.body.consents.length, 1);
  for (const part of ['subscriptionPeriods', 'payments', 'mandates', 'devices', 'downloads', 'feedback', 'firms'])
    assert.ok(Array.isArray(data.body[part]), part);
});

test('a password reset e-mail arrives in Mailpit and its link sets a new password', async () => {
  expectStatus(await call('POST', '/api/auth/forgot-password', { body: { email: VISITOR.email } }), 200, 'forgot password');
  const query = encodeURIComponent(`to:"${VISITOR.email}" subject:"Reset your"`);
  const found = await waitFor(async () => (await (await fetch(`${stack.mailpitUrl}/api/v1/search?query=${query}`)).json()).messages?.[0], {
    what: 'the reset e-mail in Mailpit',
    timeoutMs: 30_000,
  });
  const message = await (await fetch(`${stack.mailpitUrl}/api/v1/message/${found.ID}`)).json();
  const token = /reset-password\?token=([\w-]+)/.exec(message.Text)?.[1];
  assert.ok(token, 'a reset link in the e-mail');
  VISITOR.password = 'visitor-secret-2';
  expectStatus(await call('POST', '/api/auth/reset-password', { body: { token, newPassword: VISITOR.password } }), 200, 'reset');
});

test('the admin from the environment signs in and exports the visitor', async () => {
  const login = await call('POST', '/api/admin/login', { body: ADMIN });
  expectStatus(login, 200, 'admin login');
  const csv = await call('GET', '/api/admin/export/users', { token: login.body.token });
  expectStatus(csv, 200, 'users export');
  assert.ok(csv.body.includes(VISITOR.email), 'the export holds the visitor');
});

/** Calls `route` from `loops` concurrent loops for `ms`: how many answered each status, and the slowest. */
async function load(route, { token, loops = 16, ms = 12_000 }) {
  const statuses = {};
  const errors = [];
  let slowestMs = 0;
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (Date.now() < until) {
        const started = Date.now();
        const status = await send(route, { headers: { authorization: `Bearer ${token}` } }).then(
          async (answer) => (await answer.arrayBuffer(), answer.status),
          (error) => {
            errors.push(String(error.cause?.code ?? error.cause ?? error));
            return 'network error';
          },
        );
        statuses[status] = (statuses[status] ?? 0) + 1;
        slowestMs = Math.max(slowestMs, Date.now() - started);
      }
    }),
  );
  return { statuses, slowestMs, ...(errors.length ? { errors: [...new Set(errors)] } : {}) };
}

/** How many calls of `route` each running container of `service` logged since `since`. */
function callsPerReplica(service, route, since) {
  return stack
    .containers()
    .filter((container) => container.service === service && container.state === 'running')
    .map((container) => {
      const logs = execFileSync('docker', ['logs', '--since', since, container.id], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return logs.split('\n').filter((line) => line.includes(`"url":"${route}"`)).length;
    });
}

test(
  'billing and auth scaled to 3 replicas each answer a share of the calls under load, none failing',
  { timeout: 5 * MINUTE },
  async () => {
    stack.compose('up', '-d', '--no-build', '--no-recreate', '--scale', 'billing=3', '--scale', 'auth=3');
    await stack.healthy();
    // the reset above ended the visitor's sessions
    const login = await call('POST', '/api/auth/login', { body: { email: VISITOR.email, password: VISITOR.password } });
    expectStatus(login, 200, 'sign-in');
    state.token = login.body.token;
    const since = new Date(Date.now() - 1000).toISOString();
    const [billing, auth] = await Promise.all([
      load('/api/subscription-status', { token: state.token }),
      load('/api/auth/profile', { token: state.token }),
    ]);
    const shares = {
      billing: callsPerReplica('billing', '/api/subscription-status', since),
      auth: callsPerReplica('auth', '/api/auth/profile', since),
    };
    figures.scaled = { billing: { ...billing, perReplica: shares.billing }, auth: { ...auth, perReplica: shares.auth } };
    for (const [service, answered] of Object.entries({ billing, auth })) {
      assert.deepEqual(Object.keys(answered.statuses), ['200'], `${service}: every call answered 200`);
      assert.equal(shares[service].length, 3, `${service} runs 3 replicas`);
      const total = shares[service].reduce((sum, calls) => sum + calls, 0);
      for (const calls of shares[service]) assert.ok(calls >= total * 0.1, `${service}'s replicas each answer a share: ${shares[service]}`);
    }
    stack.compose('up', '-d', '--no-build', '--no-recreate', '--scale', 'billing=1', '--scale', 'auth=1');
  },
);

test(
  'billing killed with SIGKILL under load comes back by its restart policy; meanwhile the gateway answers 503 at once, never a hang',
  { timeout: 5 * MINUTE },
  async () => {
    const [billing] = stack.containers().filter((container) => container.service === 'billing' && container.state === 'running');
    const inspect = () => JSON.parse(execFileSync('docker', ['inspect', billing.id], { encoding: 'utf8' }))[0];
    const loaded = load('/api/subscription-status', { token: state.token, loops: 8, ms: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const killedAt = Date.now();
    // a crash, as the kernel's OOM killer or a fault would end it: `docker kill` instead marks the
    // container stopped by hand, and Docker then restarts it under no policy
    process.kill(inspect().State.Pid, 'SIGKILL');
    await waitFor(
      async () => {
        const { State, RestartCount } = inspect();
        return RestartCount >= 1 && State.Running && State.Health?.Status === 'healthy';
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'billing back after SIGKILL' },
    );
    const backInSeconds = (Date.now() - killedAt) / 1000;
    const answered = await loaded;
    figures.killed = { service: 'billing', backInSeconds, restarts: inspect().RestartCount, ...answered };
    assert.ok(inspect().RestartCount >= 1, 'the restart policy restarted it');
    assert.deepEqual(
      Object.keys(answered.statuses).filter((status) => !['200', '503'].includes(status)),
      [],
      `only 200 and 503: ${JSON.stringify(answered.statuses)}`,
    );
    // a call sent to the dead container's address waits for the network to say it is gone (5 s
    // seen once); "never a hang" is the gateway answering within its own upstream timeout, 10 s
    assert.ok(answered.slowestMs < 10_000 + 1000, `no call hung: the slowest took ${answered.slowestMs} ms`);
    expectStatus(await call('GET', '/api/subscription-status', { token: state.token }), 200, 'the status after the restart');
  },
);

test('the stack stops and starts again, and the visitor is still there, on the trial', { timeout: 5 * MINUTE }, async () => {
  const started = Date.now();
  stack.compose('stop');
  assert.ok(
    stack.containers().every((container) => container.state === 'exited'),
    'every container stopped',
  );
  stack.compose('start');
  await stack.healthy();
  figures.restartToHealthySeconds = (Date.now() - started) / 1000;
  const login = await call('POST', '/api/auth/login', { body: { email: VISITOR.email, password: VISITOR.password } });
  expectStatus(login, 200, 'sign-in after the restart');
  const status = await call('GET', '/api/subscription-status', { token: login.body.token });
  assert.equal(status.body.subscriptionStatus, 'trial');
});

test('the teardown leaves no container, network or volume of the stack', { timeout: 2 * MINUTE }, () => {
  stack.down();
  const left = (kind) =>
    execFileSync('docker', [kind, 'ls', '-q', '--filter', `label=com.docker.compose.project=${stack.project}`], {
      encoding: 'utf8',
    }).trim();
  assert.deepEqual(stack.containers(), []);
  assert.equal(left('network'), '');
  assert.equal(left('volume'), '');
  stack = undefined;
});
