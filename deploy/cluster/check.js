'use strict';
// `npm run cluster -- --check` (issue #54): the cluster brought up, then what operators rely on,
// one step a test, in order: the portal through the gateway's Service, rollouts under steady load
// that fail no call, a deleted pod replaced while calls get only the gateway's quick 503, billing's
// autoscaler adding replicas under load on billing alone, and a teardown that leaves nothing. The
// figures go to reports/cluster.json.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { after, test } = require('node:test');
const { ROOT } = require('../local/lib/paths');
const { waitFor } = require('../local/lib/net');
const { expectStatus, mailsArrived, portalClient } = require('../local/lib/portal-client');
const { up, down } = require('./lib/lifecycle');
const { GATEWAY_URL, NAMESPACE } = require('./lib/portal');

const MINUTE = 60_000;
const VISITOR = { firstName: 'Nandini', email: `nandini-${Date.now()}@cluster.test`, password: 'visitor-secret-1' };
const figures = { machine: { cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30) } };
const portal = portalClient(GATEWAY_URL);
const state = {};
let kubectl;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const inPortal = (...args) => kubectl.run(['-n', NAMESPACE, ...args]);
const serviceUrl = (name, port) => `http://${inPortal('get', 'service', name, '-o', 'jsonpath={.spec.clusterIP}').trim()}:${port}`;
/** Waits for a rollout without blocking this process (the load runs in it meanwhile). */
const rolledOut = (workload) =>
  waitFor(
    async () => {
      const { status, spec, metadata } = JSON.parse(inPortal('get', 'deployment', workload, '-o', 'json'));
      return (
        status.observedGeneration >= metadata.generation &&
        status.updatedReplicas === spec.replicas &&
        status.replicas === spec.replicas &&
        status.availableReplicas === spec.replicas
      );
    },
    { timeoutMs: 4 * MINUTE, intervalMs: 1000, what: `the rollout of ${workload}` },
  );
const replicas = (name) => Number(inPortal('get', 'deployment', name, '-o', 'jsonpath={.status.readyReplicas}') || 0);

// Ctrl-C or `npm run cluster -- --down` in the middle of a check removes the cluster too
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void down().finally(() => process.exit(130)));

after(async () => {
  try {
    await down();
  } finally {
    fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'reports', 'cluster.json'), `${JSON.stringify(figures, null, 2)}\n`);
  }
});

/**
 * Calls a signed-in visitor makes on every page (billing, auth and download behind the gateway),
 * until `stop()` answers true: how many answered each status, and the slowest. About 5 calls a
 * second in all: the gateway's limit per address (600 a minute) counts every call from this
 * machine as one client's.
 */
function steadyLoad(stop) {
  const routes = ['/api/subscription-status', '/api/auth/profile', '/api/download/check-eligibility'];
  const each = { token: state.token, loops: 1, ms: 10 * MINUTE, stop, pauseMs: 600 };
  return Promise.all(routes.map((route) => portal.load(route, each))).then((results) =>
    results.reduce(
      (all, { statuses, slowestMs, errors = [] }) => {
        for (const [status, count] of Object.entries(statuses)) all.statuses[status] = (all.statuses[status] ?? 0) + count;
        return { ...all, slowestMs: Math.max(all.slowestMs, slowestMs), errors: [...all.errors, ...errors] };
      },
      { statuses: {}, slowestMs: 0, errors: [] },
    ),
  );
}

test('the cluster comes up from its parts and runs every Deployment of the portal', { timeout: 30 * MINUTE }, async () => {
  const started = Date.now();
  kubectl = await up();
  figures.upSeconds = (Date.now() - started) / 1000;
  const deployments = JSON.parse(inPortal('get', 'deployments', '-o', 'json')).items;
  assert.deepEqual(
    deployments.filter((deployment) => deployment.status.readyReplicas !== deployment.spec.replicas).map((d) => d.metadata.name),
    [],
  );
});

test('the portal answers through the gateway’s Service: a visitor signs up, starts the trial, and a reset e-mail arrives', async () => {
  const health = await portal.call('GET', '/health');
  expectStatus(health, 200, 'health');
  assert.deepEqual(Object.values(health.body.services), ['ok', 'ok', 'ok', 'ok', 'ok']);
  const policies = await portal.call('GET', '/api/auth/policies');
  expectStatus(policies, 200, 'policies');
  const signup = await portal.call('POST', '/api/auth/register', {
    body: { ...VISITOR, lastName: 'Rao', acceptedPolicies: policies.body.accept },
  });
  expectStatus(signup, 201, 'sign-up');
  state.token = signup.body.token;
  expectStatus(await portal.call('POST', '/api/start-trial', { token: state.token }), 200, 'trial');
  const status = await portal.call('GET', '/api/subscription-status', { token: state.token });
  assert.equal(status.body.subscriptionStatus, 'trial');
  expectStatus(await portal.call('POST', '/api/auth/forgot-password', { body: { email: VISITOR.email } }), 200, 'forgot password');
  await mailsArrived(serviceUrl('mailpit', 8025), VISITOR.email, 'Reset your');
});

for (const workload of ['billing', 'auth', 'gateway']) {
  test(`${workload} restarted by a rollout under steady load: every call answered 200`, { timeout: 5 * MINUTE }, async () => {
    let stopped = false;
    const loaded = steadyLoad(() => stopped);
    await sleep(2000);
    const started = Date.now();
    inPortal('rollout', 'restart', `deployment/${workload}`);
    await rolledOut(workload);
    const rolledSeconds = (Date.now() - started) / 1000;
    // the load goes on a little after the last old pod has gone
    await sleep(5000);
    stopped = true;
    const answered = await loaded;
    figures.rollouts ??= {};
    figures.rollouts[workload] = { rolledSeconds, ...answered };
    assert.deepEqual(
      Object.keys(answered.statuses),
      ['200'],
      `only 200: ${JSON.stringify(answered.statuses)} ${answered.errors.join(', ')}`,
    );
  });
}

test(
  'a deleted billing pod is replaced and serves again; meanwhile calls get 200 or the gateway’s quick 503, never a hang',
  { timeout: 5 * MINUTE },
  async () => {
    inPortal('scale', 'deployment/billing', '--replicas=1');
    await waitFor(
      async () =>
        replicas('billing') === 1 &&
        inPortal('get', 'pods', '-l', 'app.kubernetes.io/name=billing', '-o', 'name').trim().split('\n').length === 1,
      {
        timeoutMs: 120_000,
        intervalMs: 1000,
        what: 'billing at one replica',
      },
    );
    let stopped = false;
    const loaded = steadyLoad(() => stopped);
    await sleep(2000);
    const deletedAt = Date.now();
    inPortal('delete', 'pod', '-l', 'app.kubernetes.io/name=billing', '--wait=false', '--grace-period=0', '--force');
    await waitFor(
      async () =>
        replicas('billing') === 1 && (await portal.call('GET', '/api/subscription-status', { token: state.token })).status === 200,
      {
        timeoutMs: 180_000,
        intervalMs: 500,
        what: 'a new billing pod serving',
      },
    );
    const servingAgainSeconds = (Date.now() - deletedAt) / 1000;
    await sleep(3000);
    stopped = true;
    const answered = await loaded;
    figures.deletedPod = { servingAgainSeconds, ...answered };
    assert.deepEqual(
      Object.keys(answered.statuses).filter((status) => !['200', '503'].includes(status)),
      [],
      `only 200 and 503: ${JSON.stringify(answered.statuses)}`,
    );
    assert.ok(answered.slowestMs < 11_000, `no call hung: the slowest took ${answered.slowestMs} ms`);
    inPortal('scale', 'deployment/billing', '--replicas=2');
  },
);

test('under load on billing alone, its autoscaler adds replicas while the others keep theirs', { timeout: 10 * MINUTE }, async () => {
  const before = Object.fromEntries(['auth', 'gateway', 'download', 'feedback'].map((name) => [name, replicas(name)]));
  await waitFor(async () => replicas('billing') === 2, { timeoutMs: 120_000, intervalMs: 1000, what: 'billing back at two replicas' });
  // straight to billing's Service: the gateway's and auth's CPU stay where they were
  const billing = portalClient(serviceUrl('billing', 4002));
  const started = Date.now();
  let stopped = false;
  const loaded = billing.load('/api/billing/history', { token: state.token, loops: 16, ms: 4 * MINUTE, stop: () => stopped });
  await waitFor(async () => replicas('billing') > 2, { timeoutMs: 4 * MINUTE, intervalMs: 2000, what: 'billing scaled out' });
  figures.autoscaling = { scaledOutSeconds: (Date.now() - started) / 1000, billingReplicas: replicas('billing') };
  stopped = true;
  const answered = await loaded;
  figures.autoscaling.load = answered;
  const after = Object.fromEntries(Object.keys(before).map((name) => [name, replicas(name)]));
  figures.autoscaling.others = after;
  assert.deepEqual(after, before, 'the other workloads kept their replicas');
});

test('the teardown leaves no process, mount, link, iptables chain or cgroup of the cluster', { timeout: 3 * MINUTE }, async () => {
  await down();
  const has = (command, args, pattern) => pattern.test(spawnSync(command, args, { encoding: 'utf8' }).stdout);
  assert.equal(
    has('pgrep', ['-a', '-f', 'kube-apiserver|kubelet|kube-proxy|etcd --data-dir|containerd --config'], /\S/),
    false,
    'processes',
  );
  assert.equal(fs.readFileSync('/proc/mounts', 'utf8').includes(path.join(ROOT, '.data', 'cluster')), false, 'mounts');
  assert.equal(has('ip', ['link'], /tpk0|tpk-cni0/), false, 'links');
  assert.equal(has('iptables-save', [], /KUBE-|CNI-/), false, 'iptables chains');
  assert.equal(
    fs.readdirSync('/sys/fs/cgroup').some((controller) => fs.existsSync(path.join('/sys/fs/cgroup', controller, 'kubepods'))),
    false,
    'cgroups',
  );
});
