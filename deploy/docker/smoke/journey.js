'use strict';
// The portal as operators run it: the engine, the base images where Docker Hub is not
// reached, the one image, and the compose stack on free host ports, with the PhonePe stand-in as a
// container; then a visitor's journey over HTTP (sign-up, the installer, a purchase, their data, a
// reset e-mail, the admin's export), replicas under load, a crash and a graceful stop under load,
// a stop and a start that keep the data, and a teardown that leaves nothing behind. One step a
// test, in order; the figures go to reports/containers.json. Run by `npm run smoke:containers`.
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFile, execFileSync } = require('node:child_process');
const { promisify } = require('node:util');
const { after, test } = require('node:test');
const { ROOT } = require('../../local/lib/paths');
const { waitFor } = require('../../local/lib/net');
const { buildImage, composeStack, ensureEngine, IMAGE } = require('../lib/engine');
const { signInAdmin } = require('../../local/lib/admin-sign-in');
const { buyPlan, expectStatus, mailsArrived, mailsTo, orderPlan, payAtCheckout, portalClient } = require('../../local/lib/portal-client');
const { docker, stackProbe } = require('./stack-probe');

const MINUTE = 60_000;
const MiB = 2 ** 20;
const ADMIN = { email: 'owner@containers.test', password: `containers-${crypto.randomBytes(6).toString('hex')}` };
const VISITOR = { firstName: 'Kavya', email: `kavya-${Date.now()}@containers.test`, password: 'visitor-secret-1' };
const SECOND_BUYER = { firstName: 'Arjun', email: `arjun-${Date.now()}@containers.test`, password: 'buyer-secret-1' };
const BILLING_DETAILS = { legalName: 'Kavya & Co', street: '8 Brigade Road', city: 'Bengaluru', pincode: '560025', stateCode: '29' };
// large enough that a download is still under way when its service is told to stop
const INSTALLER = crypto.randomBytes(48 * MiB);
const INSTALLER_SHA256 = crypto.createHash('sha256').update(INSTALLER).digest('hex');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-containers-'));
const figures = { machine: { cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30) } };
const state = {};
let engine;
let stack;
let portal;
let probe;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const imageBytes = (image) => Number(docker('image', 'inspect', '--format', '{{.Size}}', image).trim());

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

/** Signs up with the policies in force; answers the new account's token. */
async function signUp(person) {
  const policies = await portal.call('GET', '/api/auth/policies');
  expectStatus(policies, 200, 'policies');
  const signup = await portal.call('POST', '/api/auth/register', {
    body: {
      ...person,
      acceptedPolicies: policies.body.accept,
      personalInfo: {
        age: 38,
        gender: 'female',
        address: { street: '8 Brigade Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560025' },
      },
    },
  });
  expectStatus(signup, 201, 'sign-up');
  return signup.body.token;
}

/** Reads a response's body `msPerMiB` slower than the network would, calling `onBytes` as it goes. */
async function readPaced(body, msPerMiB, onBytes) {
  const hash = crypto.createHash('sha256');
  let received = 0;
  let paced = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    received += chunk.length;
    onBytes(received);
    for (; received - paced >= MiB; paced += MiB) await sleep(msPerMiB);
  }
  return { received, sha256: hash.digest('hex') };
}

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
  portal = portalClient(stack.url);
  probe = stackProbe(stack);
  expectStatus(await portal.call('GET', '/health'), 200, 'the gateway');
});

test('a visitor signs up with the versions in force, starts the trial and may download', async () => {
  state.token = await signUp(VISITOR);
  expectStatus(await portal.call('POST', '/api/start-trial', { token: state.token }), 200, 'trial');
  const status = await portal.call('GET', '/api/subscription-status', { token: state.token });
  assert.equal(status.body.subscriptionStatus, 'trial');
  assert.equal(status.body.canDownload, true);
});

test('an installer published from a shell in the download container downloads whole, and a ranged request resumes it', async () => {
  // what an operator types: the installer on standard input, as `docker compose exec -T download …`
  const [download] = probe.running('download');
  const published = execFileSync(
    'docker',
    ['exec', '-i', download.id, 'node', 'services/download/dist/cli/publish-release.js', '/dev/stdin', '1.0.0', 'First release'],
    { input: INSTALLER, encoding: 'utf8', maxBuffer: 4 * MiB },
  );
  assert.match(published, new RegExp(`Published 1\\.0\\.0: ${INSTALLER.length} bytes, sha256 ${INSTALLER_SHA256}`));
  const latest = await portal.call('GET', '/api/download/latest-version');
  expectStatus(latest, 200, 'latest version');
  assert.equal(latest.body.version, '1.0.0');
  const link = await portal.call('GET', '/api/download/app/1.0.0', { token: state.token });
  expectStatus(link, 200, 'download link');
  state.downloadUrl = link.body.downloadUrl;
  const file = await portal.call('GET', state.downloadUrl);
  expectStatus(file, 200, 'installer');
  assert.match(file.headers.get('content-disposition'), /attachment; filename="TaxPractitioner-Setup-1\.0\.0\.exe"/);
  assert.ok(file.body.equals(INSTALLER), 'the whole installer, byte for byte');
  const half = Math.floor(INSTALLER.length / 2);
  const rest = await portal.call('GET', state.downloadUrl, { headers: { range: `bytes=${half}-` } });
  expectStatus(rest, 206, 'ranged installer');
  assert.equal(rest.headers.get('content-range'), `bytes ${half}-${INSTALLER.length - 1}/${INSTALLER.length}`);
  assert.ok(rest.body.equals(INSTALLER.subarray(half)), 'the resumed bytes complete the file');
});

test('the visitor buys a plan through the PhonePe stand-in, comes back active, and is mailed once', async () => {
  const order = await buyPlan(portal, state.token, 'professional', BILLING_DETAILS);
  const mails = await mailsArrived(stack.mailpitUrl, VISITOR.email, 'Payment received');
  assert.equal(mails.length, 1, 'one e-mail for one payment');
  state.merchantOrderId = order.merchantOrderId;
});

test('the visitor downloads their data, joined from every service', async () => {
  const data = await portal.call('GET', '/api/account/my-data', { token: state.token });
  expectStatus(data, 200, 'my data');
  assert.equal(data.body.profile.email, VISITOR.email);
  assert.equal(data.body.consents.length, 1);
  assert.deepEqual(
    data.body.payments.map((payment) => payment.merchantOrderId),
    [state.merchantOrderId],
  );
  assert.ok(data.body.downloads.length >= 1, 'the installer download');
  for (const part of ['subscriptionPeriods', 'mandates', 'devices', 'feedback', 'firms']) assert.ok(Array.isArray(data.body[part]), part);
});

test('a password reset e-mail arrives in Mailpit and its link sets a new password', async () => {
  expectStatus(await portal.call('POST', '/api/auth/forgot-password', { body: { email: VISITOR.email } }), 200, 'forgot password');
  const [message] = await mailsArrived(stack.mailpitUrl, VISITOR.email, 'Reset your');
  const token = /reset-password\?token=([\w-]+)/.exec(message.Text)?.[1];
  assert.ok(token, 'a reset link in the e-mail');
  VISITOR.password = 'visitor-secret-2';
  expectStatus(await portal.call('POST', '/api/auth/reset-password', { body: { token, newPassword: VISITOR.password } }), 200, 'reset');
});

test('the admin from the environment signs in, enrolling an authenticator, and exports the visitor and the payment', async () => {
  const login = { body: await signInAdmin(stack.url, ADMIN) };
  assert.equal(login.body.user.role, 'owner');
  const users = await portal.call('GET', '/api/admin/export/users', { token: login.body.token });
  expectStatus(users, 200, 'users export');
  assert.ok(users.body.toString().includes(VISITOR.email), 'the users export holds the visitor');
  const payments = await portal.call('GET', '/api/admin/export/transactions', { token: login.body.token });
  expectStatus(payments, 200, 'transactions export');
  assert.ok(payments.body.toString().includes(state.merchantOrderId), 'the transactions export holds the payment');
});

test(
  'billing and auth scaled to 3 replicas each answer a share of the calls under load, none failing',
  { timeout: 5 * MINUTE },
  async () => {
    stack.compose('up', '-d', '--no-build', '--no-recreate', '--scale', 'billing=3', '--scale', 'auth=3');
    await stack.healthy();
    // the reset above ended the visitor's sessions
    const login = await portal.call('POST', '/api/auth/login', { body: { email: VISITOR.email, password: VISITOR.password } });
    expectStatus(login, 200, 'sign-in');
    state.token = login.body.token;
    const since = new Date(Date.now() - 1000).toISOString();
    const [billing, auth] = await Promise.all([
      portal.load('/api/subscription-status', { token: state.token }),
      portal.load('/api/auth/profile', { token: state.token }),
    ]);
    const shares = {
      billing: probe.callsPerReplica('billing', '/api/subscription-status', since),
      auth: probe.callsPerReplica('auth', '/api/auth/profile', since),
    };
    figures.scaled = { billing: { ...billing, perReplica: shares.billing }, auth: { ...auth, perReplica: shares.auth } };
    for (const [service, answered] of Object.entries({ billing, auth })) {
      assert.deepEqual(Object.keys(answered.statuses), ['200'], `${service}: every call answered 200`);
      assert.equal(shares[service].length, 3, `${service} runs 3 replicas`);
      const total = shares[service].reduce((sum, calls) => sum + calls, 0);
      for (const calls of shares[service]) assert.ok(calls >= total * 0.1, `${service}'s replicas each answer a share: ${shares[service]}`);
    }
    stack.compose('up', '-d', '--no-build', '--no-recreate', '--scale', 'billing=1', '--scale', 'auth=1');
    // the load can leave a container's health check failing for a while (the gateway's, on two cores):
    // the next step's `up` refuses a dependency that is unhealthy, so this one ends with the stack healthy again
    await stack.healthy();
  },
);

test(
  'billing killed with SIGKILL under load comes back by its restart policy, the gateway answering 503 meanwhile, never a hang; a payment made meanwhile is settled once by 3 billing workers',
  { timeout: 5 * MINUTE },
  async () => {
    stack.compose('up', '-d', '--no-build', '--no-recreate', '--scale', 'billing-worker=3');
    await stack.healthy();
    const workersSince = new Date().toISOString();
    const watchedFrom = Date.now();
    const buyer = await signUp(SECOND_BUYER);
    const order = await orderPlan(portal, buyer, 'professional', BILLING_DETAILS);

    const [billing] = probe.running('billing');
    const loaded = portal.load('/api/subscription-status', { token: state.token, loops: 8, ms: 30_000 });
    await sleep(3000);
    const killedAt = Date.now();
    // a crash, as the kernel's OOM killer or a fault would end it: `docker kill` instead marks the
    // container stopped by hand, and Docker then restarts it under no policy
    process.kill(probe.inspect(billing.id).State.Pid, 'SIGKILL');
    // the buyer pays while billing is down, and closes the page before coming back: PhonePe's one
    // webhook meets the gateway's 503, and only the workers' reconciliation can settle the order
    await payAtCheckout(order.paymentUrl);
    await waitFor(
      async () => {
        const { State, RestartCount } = probe.inspect(billing.id);
        return RestartCount >= 1 && State.Running && State.Health?.Status === 'healthy';
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'billing back after SIGKILL' },
    );
    const backInSeconds = (Date.now() - killedAt) / 1000;
    const answered = await loaded;
    figures.killed = { service: 'billing', backInSeconds, restarts: probe.inspect(billing.id).RestartCount, ...answered };
    assert.deepEqual(
      Object.keys(answered.statuses).filter((status) => !['200', '503'].includes(status)),
      [],
      `only 200 and 503: ${JSON.stringify(answered.statuses)}`,
    );
    // a call sent to the dead container's address waits for the network to say it is gone (5 s
    // seen once); "never a hang" is the gateway answering within its own upstream timeout, 10 s
    assert.ok(answered.slowestMs < 10_000 + 1000, `no call hung: the slowest took ${answered.slowestMs} ms`);
    expectStatus(await portal.call('GET', '/api/subscription-status', { token: state.token }), 200, 'the status after the restart');

    const [phonepe] = probe.running('phonepe');
    const webhooks = probe.logRecords(phonepe.id, workersSince, (line) => line.webhook?.merchantOrderId === order.merchantOrderId);
    assert.deepEqual(
      webhooks.map((line) => line.webhook.status),
      [503],
      'the payment’s webhook reached the gateway while billing was down',
    );
    await waitFor(
      async () => (await portal.call('GET', '/api/subscription-status', { token: buyer })).body.subscriptionStatus === 'active',
      { timeoutMs: 60_000, intervalMs: 500, what: 'the payment settled by reconciliation' },
    );
    const history = await portal.call('GET', '/api/billing/history', { token: buyer });
    assert.deepEqual(
      history.body.payments.map(({ merchantOrderId, status }) => ({ merchantOrderId, status })),
      [{ merchantOrderId: order.merchantOrderId, status: 'completed' }],
    );
    // the worker settles it whether billing is back or not: its invoice says when
    figures.killed.invoicedSecondsAfterKill = (Date.parse(history.body.payments[0].invoice.issuedAt) - killedAt) / 1000;
    // a few more reconciliation runs, each of which must find the order settled
    await sleep(10_000);
    assert.equal((await mailsTo(stack.mailpitUrl, SECOND_BUYER.email, 'Payment received')).length, 1, 'one e-mail for one payment');

    const runs = probe
      .running('billing-worker')
      .flatMap((worker) => probe.logRecords(worker.id, workersSince, (line) => line.msg === 'billing job done'));
    const reconciliations = runs.filter((run) => run.job === 'order-reconciliation').length;
    const watchedSeconds = (Date.now() - watchedFrom) / 1000;
    const warnings = probe
      .running('billing-worker')
      .flatMap((worker) => probe.logRecords(worker.id, workersSince, (line) => line.level >= 40))
      .map((line) => `${line.msg}${line.err ? `: ${line.err.message}` : ''}`);
    figures.workers = { replicas: 3, watchedSeconds, runs: runs.length, reconciliations, reconcileEverySeconds: 3, warnings };
    assert.equal(new Set(runs.map((run) => run.jobId)).size, runs.length, 'no scheduled run ran twice');
    assert.ok(reconciliations >= 3, `reconciliation ran: ${reconciliations}`);
    assert.ok(
      reconciliations <= watchedSeconds / 3 + 2,
      `one schedule, not one per replica: ${reconciliations} runs in ${watchedSeconds} s`,
    );
  },
);

test(
  'download stopped with SIGTERM while an installer is on its way: the download and the calls in flight finish, then 503 until it starts again',
  { timeout: 5 * MINUTE },
  async () => {
    const [download] = probe.running('download');
    const response = await fetch(`${stack.url}${state.downloadUrl}`);
    assert.equal(response.status, 200);
    const loaded = portal.load('/api/download/latest-version', { token: state.token, loops: 4, ms: 8_000 });
    let stopping;
    let receivedAtStop;
    const read = await readPaced(response.body, 40, (received) => {
      if (stopping || received < 8 * MiB) return;
      receivedAtStop = received;
      const started = Date.now();
      stopping = promisify(execFile)('docker', ['stop', '--time', '30', download.id]).then(() => (Date.now() - started) / 1000);
    });
    const stopSeconds = await stopping;
    const answered = await loaded;
    const { State } = probe.inspect(download.id);
    figures.stopped = {
      service: 'download',
      receivedAtStopMB: Math.round(receivedAtStop / 1e6),
      stopSeconds,
      exitCode: State.ExitCode,
      ...answered,
    };
    assert.ok(receivedAtStop < INSTALLER.length / 2, 'the stop came while most of the installer was still to come');
    assert.equal(read.received, INSTALLER.length, 'the whole installer arrived');
    assert.equal(read.sha256, INSTALLER_SHA256);
    assert.equal(State.ExitCode, 0, 'the service drained and exited on its own, within its grace');
    assert.deepEqual(
      Object.keys(answered.statuses).filter((status) => !['200', '503'].includes(status)),
      [],
      `only 200 and 503: ${JSON.stringify(answered.statuses)}`,
    );
    stack.compose('start', 'download');
    await stack.healthy();
    expectStatus(await portal.call('GET', '/api/download/latest-version'), 200, 'download back');
  },
);

test('the stack stops and starts again: the visitor, the payment and the installer are still there', { timeout: 5 * MINUTE }, async () => {
  const started = Date.now();
  stack.compose('stop');
  assert.ok(
    stack.containers().every((container) => container.state === 'exited'),
    'every container stopped',
  );
  stack.compose('start');
  await stack.healthy();
  figures.restartToHealthySeconds = (Date.now() - started) / 1000;
  const login = await portal.call('POST', '/api/auth/login', { body: { email: VISITOR.email, password: VISITOR.password } });
  expectStatus(login, 200, 'sign-in after the restart');
  const status = await portal.call('GET', '/api/subscription-status', { token: login.body.token });
  assert.equal(status.body.subscriptionStatus, 'active');
  const history = await portal.call('GET', '/api/billing/history', { token: login.body.token });
  assert.deepEqual(
    history.body.payments.map((payment) => payment.merchantOrderId),
    [state.merchantOrderId],
  );
  const link = await portal.call('GET', '/api/download/app/1.0.0', { token: login.body.token });
  expectStatus(link, 200, 'download link');
  const tail = await portal.call('GET', link.body.downloadUrl, { headers: { range: `bytes=${INSTALLER.length - MiB}-` } });
  expectStatus(tail, 206, 'the installer’s last MiB');
  assert.ok(tail.body.equals(INSTALLER.subarray(INSTALLER.length - MiB)));
});

test('the teardown leaves no container, network or volume of the stack', { timeout: 2 * MINUTE }, () => {
  stack.down();
  const left = (kind) => docker(kind, 'ls', '-q', '--filter', `label=com.docker.compose.project=${stack.project}`).trim();
  assert.deepEqual(stack.containers(), []);
  assert.equal(left('network'), '');
  assert.equal(left('volume'), '');
  stack = undefined;
});
