'use strict';
// `npm run cluster -- --check`: the cluster brought up, then what operators rely on,
// one step a test, in order: the portal through the gateway's Service, a purchase through PhonePe's
// stand-in, rollouts under steady load that fail no call, a deleted pod replaced while calls get
// only the gateway's quick 503, billing's autoscaler adding replicas under load on billing alone,
// two billing workers running each job once, the autoscaler scaling back after the load, and a
// teardown that leaves nothing. The figures go to reports/cluster.json.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { after, test } = require('node:test');
const { ROOT } = require('../local/lib/paths');
const { waitFor } = require('../local/lib/net');
const { buyPlan, expectStatus, mailsArrived, portalClient } = require('../local/lib/portal-client');
const { up, down, kubectlFor } = require('./lib/lifecycle');
const { CLUSTER_DIR } = require('./lib/state');
const { GATEWAY_URL, NAMESPACE } = require('./lib/portal');
const { RULES_COMMENT } = require('./lib/node');

const MINUTE = 60_000;
const VISITOR = { firstName: 'Nandini', email: `nandini-${Date.now()}@cluster.test`, password: 'visitor-secret-1' };
const BILLING_DETAILS = {
  legalName: 'Nandini Rao & Associates',
  street: '12 MG Road',
  city: 'Bengaluru',
  pincode: '560001',
  stateCode: '29',
};
const figures = { machine: { cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30) } };
/** `--context=<name>`: a cluster that runs the portal already, reached through `--gateway-url`; none of this machine's. */
const CONTEXT = process.env.CLUSTER_CONTEXT;
const local = !CONTEXT;
const portal = portalClient(process.env.CLUSTER_GATEWAY_URL ?? GATEWAY_URL);
const state = {};
const forwards = [];
let kubectl;

// what only the local cluster has: PhonePe's stand-in (another cluster's billing talks to PhonePe),
// a Redis of its own to read the jobs in (another's is managed), and what this run started, to remove
const localOnly = local ? test : () => undefined;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const inPortal = (...args) => kubectl.run(['-n', NAMESPACE, ...args]);
/** A Service as this machine reaches it: its cluster address on the local cluster, a port-forward to another. */
async function serviceUrl(name, port) {
  if (local) return `http://${inPortal('get', 'service', name, '-o', 'jsonpath={.spec.clusterIP}').trim()}:${port}`;
  const forward = spawn('kubectl', [...kubectl.args, '-n', NAMESPACE, 'port-forward', `service/${name}`, `:${port}`]);
  forwards.push(forward);
  const localPort = await new Promise((resolve, reject) => {
    forward.stdout.on('data', (chunk) => {
      const forwarding = /127\.0\.0\.1:(\d+)/.exec(String(chunk));
      if (forwarding) resolve(forwarding[1]);
    });
    forward.once('exit', (code) => reject(new Error(`kubectl port-forward to ${name} ended (${code})`)));
  });
  return `http://127.0.0.1:${localPort}`;
}
/** Why a workload's pods are not ready yet, from their conditions (an unscheduled pod says which resource is short). */
const notReadyReasons = (workload) =>
  JSON.parse(inPortal('get', 'pods', '-l', `app.kubernetes.io/name=${workload}`, '-o', 'json'))
    .items.map((pod) => {
      const failing = (pod.status.conditions ?? []).filter((condition) => condition.status !== 'True');
      return failing.length
        ? `${pod.metadata.name}: ${failing.map((c) => `${c.type} ${c.reason ?? ''} ${c.message ?? ''}`.trim()).join('; ')}`
        : '';
    })
    .filter(Boolean);
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
  ).catch((error) => {
    error.message += `; not ready: ${JSON.stringify(notReadyReasons(workload))}`;
    throw error;
  });
/** An autoscaler's bounds, as the check changes them for a step and puts them back. */
const hpaLimits = (name) => {
  const { minReplicas, maxReplicas } = JSON.parse(inPortal('get', 'hpa', name, '-o', 'json')).spec;
  return { minReplicas, maxReplicas };
};
const setHpaLimits = (name, limits) => inPortal('patch', 'hpa', name, '--type=merge', '-p', JSON.stringify({ spec: limits }));
/** Runs `step` with an autoscaler's bounds changed, and puts them back however it ends. */
async function withHpaLimits(name, limits, step) {
  const before = hpaLimits(name);
  setHpaLimits(name, { ...before, ...limits });
  try {
    return await step();
  } finally {
    setHpaLimits(name, before);
  }
}
/**
 * A BullMQ queue's jobs finished since `sinceMs`, read in Redis itself: which worker ran each
 * (its pod's name, services/platform's queues.ts) and how many times it was started and made.
 */
function completedJobs(queue, sinceMs) {
  const script = `
    local jobs = {}
    for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1] .. 'completed', ARGV[1], '+inf')) do
      local job = redis.call('HMGET', KEYS[1] .. id, 'name', 'pb', 'ats', 'atm')
      table.insert(jobs, { id = id, name = job[1], processedBy = job[2], attemptsStarted = tonumber(job[3]), attemptsMade = tonumber(job[4]) })
    end
    return cjson.encode(jobs)`;
  const redisPrefix = inPortal('exec', 'deployment/billing-worker', '--', 'printenv', 'REDIS_PREFIX').trim();
  const out = inPortal(
    'exec',
    'deployment/redis',
    '--',
    'redis-cli',
    '--raw',
    'EVAL',
    script,
    '1',
    `${redisPrefix}bull:${queue}:`,
    String(sinceMs),
  );
  // an empty Lua table encodes as {}; an answer of jobs as [...]
  const jobs = JSON.parse(out.trim());
  return Array.isArray(jobs) ? jobs : [];
}
const replicas = (name) => Number(inPortal('get', 'deployment', name, '-o', 'jsonpath={.status.readyReplicas}') || 0);

// Ctrl-C or `npm run cluster -- --down` in the middle of a check removes the cluster too
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void (local ? down() : Promise.resolve()).finally(() => process.exit(130)));

after(async () => {
  try {
    for (const forward of forwards) forward.kill();
    if (local) await down();
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
      (all, { statuses, slowestMs, errors = [], refusals = [] }) => {
        for (const [status, count] of Object.entries(statuses)) all.statuses[status] = (all.statuses[status] ?? 0) + count;
        return {
          statuses: all.statuses,
          slowestMs: Math.max(all.slowestMs, slowestMs),
          errors: [...all.errors, ...errors],
          refusals: [...all.refusals, ...refusals],
        };
      },
      { statuses: {}, slowestMs: 0, errors: [], refusals: [] },
    ),
  );
}

test(
  local
    ? 'the cluster comes up from its parts and runs every Deployment of the portal'
    : `every Deployment of the portal on ${CONTEXT} is ready`,
  { timeout: 30 * MINUTE },
  async () => {
    const started = Date.now();
    kubectl = local ? await up() : kubectlFor({ context: CONTEXT });
    if (local) figures.upSeconds = (Date.now() - started) / 1000;
    const deployments = JSON.parse(inPortal('get', 'deployments', '-o', 'json')).items;
    assert.deepEqual(
      deployments.filter((deployment) => deployment.status.readyReplicas !== deployment.spec.replicas).map((d) => d.metadata.name),
      [],
    );
  },
);

test('the portal answers through the gateway’s Service: a visitor signs up, starts the trial, and a reset e-mail arrives', async () => {
  const health = await portal.call('GET', '/health');
  expectStatus(health, 200, 'health');
  assert.deepEqual(health.body.services, {
    auth: 'ok',
    billing: 'ok',
    download: 'ok',
    feedback: 'ok',
    'admin-reporting': 'ok',
    notifications: 'ok',
    partners: 'ok',
  });
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
  // Mailpit is the local cluster's stand-in; another cluster's mail goes out for real
  if (local) await mailsArrived(await serviceUrl('mailpit', 8025), VISITOR.email, 'Reset your');
});

localOnly('the visitor buys a plan through PhonePe’s stand-in in the cluster, comes back active, and is mailed once', async () => {
  // the checkout page at the stand-in's Service, as the buyer's browser opens it; the webhook goes
  // from its pod to the gateway's Service, and the return to the gateway confirms with PhonePe
  await buyPlan(portal, state.token, 'professional', BILLING_DETAILS);
  const mails = await mailsArrived(await serviceUrl('mailpit', 8025), VISITOR.email, 'Payment received');
  assert.equal(mails.length, 1, 'one e-mail for one payment');
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
      `only 200: ${JSON.stringify(answered.statuses)} ${answered.errors.join(', ')} ${JSON.stringify(answered.refusals)}`,
    );
  });
}

test(
  'a deleted billing pod is replaced and serves again; meanwhile calls get 200 or the gateway’s quick 503, never a hang',
  { timeout: 5 * MINUTE },
  async () => {
    // billing's autoscaler keeps at least two replicas: held at one, as an operator would, so
    // that the deleted pod is the only one and calls must meet the outage
    await withHpaLimits('billing', { minReplicas: 1, maxReplicas: 1 }, async () => {
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
        `only 200 and 503: ${JSON.stringify(answered.statuses)} ${JSON.stringify(answered.refusals)}`,
      );
      assert.ok(answered.slowestMs < 11_000, `no call hung: the slowest took ${answered.slowestMs} ms`);
    });
  },
);

test('under load on billing alone, its autoscaler adds replicas while the others keep theirs', { timeout: 10 * MINUTE }, async () => {
  const before = Object.fromEntries(['auth', 'gateway', 'download', 'feedback'].map((name) => [name, replicas(name)]));
  await waitFor(async () => replicas('billing') === 2, { timeoutMs: 120_000, intervalMs: 1000, what: 'billing back at two replicas' });
  // straight to billing's Service: the gateway's and auth's CPU stay where they were
  const billing = portalClient(await serviceUrl('billing', 4002));
  const started = Date.now();
  let stopped = false;
  const loaded = billing.load('/api/billing/history', { token: state.token, loops: 16, ms: 4 * MINUTE, stop: () => stopped });
  await waitFor(async () => replicas('billing') > 2, { timeoutMs: 4 * MINUTE, intervalMs: 2000, what: 'billing scaled out' });
  figures.autoscaling = { scaledOutSeconds: (Date.now() - started) / 1000, billingReplicas: replicas('billing') };
  stopped = true;
  const answered = await loaded;
  state.billingLoadEndedAt = Date.now();
  figures.autoscaling.load = answered;
  const after = Object.fromEntries(Object.keys(before).map((name) => [name, replicas(name)]));
  figures.autoscaling.others = after;
  assert.deepEqual(after, before, 'the other workloads kept their replicas');
});

test('after the load, billing’s autoscaler scales back within its scale-down window', { timeout: 10 * MINUTE }, async () => {
  assert.ok(state.billingLoadEndedAt, 'the load on billing ran (the step before)');
  const { behavior } = JSON.parse(inPortal('get', 'hpa', 'billing', '-o', 'json')).spec;
  const windowSeconds = behavior?.scaleDown?.stabilizationWindowSeconds ?? 300;
  // the window counts from the last recommendation to keep the replicas, which follows the load's
  // end by metrics-server's resolution and the autoscaler's 15 s period
  const allowedSeconds = windowSeconds + 120;
  await waitFor(
    async () => {
      const { spec, status } = JSON.parse(inPortal('get', 'deployment', 'billing', '-o', 'json'));
      return spec.replicas === 2 && status.replicas === 2;
    },
    {
      timeoutMs: Math.max(0, state.billingLoadEndedAt + allowedSeconds * 1000 - Date.now()),
      intervalMs: 2000,
      what: `billing back at two replicas within ${allowedSeconds} s of the load's end`,
    },
  );
  figures.autoscaling.scaledBackSeconds = (Date.now() - state.billingLoadEndedAt) / 1000;
  figures.autoscaling.scaleDownWindowSeconds = windowSeconds;
});

// After billing is back at two replicas: scaled out to its maximum, billing's requests with every
// other workload's minimum fill the node's two cores, and a second worker would wait unscheduled.
localOnly(
  'the billing worker at two replicas runs each scheduled job once, by one replica or the other',
  { timeout: 5 * MINUTE },
  async () => {
    // the expiry sweep every 2 s rather than every minute, so that a minute holds many runs
    const everyMs = 2000;
    const { pods, runs, windowMs } = await withHpaLimits('billing-worker', { minReplicas: 2 }, async () => {
      inPortal('set', 'env', 'deployment/billing-worker', `EXPIRY_SWEEP_EVERY_MS=${everyMs}`);
      try {
        await rolledOut('billing-worker');
        // two ready, and the old ones gone: a stopping worker still takes jobs until it closes
        const workers = () => JSON.parse(inPortal('get', 'pods', '-l', 'app.kubernetes.io/name=billing-worker', '-o', 'json')).items;
        await waitFor(async () => replicas('billing-worker') === 2 && workers().length === 2, {
          timeoutMs: 2 * MINUTE,
          intervalMs: 1000,
          what: 'two billing workers, and no other',
        });
        const running = workers().map((pod) => pod.metadata.name);
        const since = Date.now();
        await sleep(40_000);
        return {
          pods: running,
          runs: completedJobs('billing-scheduled', since).filter((job) => job.name === 'subscription-expiry'),
          windowMs: Date.now() - since,
        };
      } finally {
        inPortal('set', 'env', 'deployment/billing-worker', 'EXPIRY_SWEEP_EVERY_MS-');
      }
    });
    const ranOn = (job) => pods.find((pod) => job.processedBy?.startsWith(`${pod}/`));
    const byReplica = Object.fromEntries(pods.map((pod) => [pod, runs.filter((job) => ranOn(job) === pod).length]));
    // how the runs fell is reported, not asserted: BullMQ hands a job to whichever worker asks
    // first, and one replica took 18 of 20 in a run
    figures.worker = { everyMs, windowSeconds: windowMs / 1000, runs: runs.length, byReplica };
    assert.equal(pods.length, 2, `two workers: ${pods}`);
    assert.ok(runs.length >= 10, `the sweep ran every ${everyMs} ms: ${runs.length} runs`);
    assert.ok(runs.length <= windowMs / everyMs + 1, `one run a period, not one per replica: ${runs.length}`);
    assert.deepEqual(
      runs.filter((job) => job.attemptsStarted !== 1 || job.attemptsMade !== 1),
      [],
      'each run started and made once',
    );
    assert.deepEqual(
      runs.filter((job) => !ranOn(job)),
      [],
      'each run by one of the two',
    );
  },
);

localOnly('the teardown leaves no process, mount, link, iptables chain or cgroup of the cluster', { timeout: 3 * MINUTE }, async () => {
  await down();
  const has = (command, args, pattern) => pattern.test(spawnSync(command, args, { encoding: 'utf8' }).stdout);
  // the cluster's own containerd, by its config's folder: Docker's (a container smoke run beside) is not the cluster's
  const ownContainerd = `containerd --config ${CLUSTER_DIR}`;
  assert.equal(has('pgrep', ['-a', '-f', `kube-apiserver|kubelet|kube-proxy|etcd --data-dir|${ownContainerd}`], /\S/), false, 'processes');
  assert.equal(fs.readFileSync('/proc/mounts', 'utf8').includes(path.join(ROOT, '.data', 'cluster')), false, 'mounts');
  assert.equal(has('ip', ['link'], /tpk0|tpk-cni0/), false, 'links');
  assert.equal(has('iptables-save', [], new RegExp(`KUBE-|CNI-|${RULES_COMMENT}`)), false, 'iptables chains and rules');
  assert.equal(
    fs.readdirSync('/sys/fs/cgroup').some((controller) => fs.existsSync(path.join('/sys/fs/cgroup', controller, 'kubepods'))),
    false,
    'cgroups',
  );
});
