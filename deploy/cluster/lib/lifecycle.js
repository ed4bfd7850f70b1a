'use strict';
// Bringing the cluster up and removing it again (`npm run cluster`, its `--check`): every part in
// order, each recorded as it starts so that the teardown removes exactly what was started.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureDependencies, build } = require('../../local/lib/setup');
const { ensureEngine, installMissing } = require('../../docker/lib/engine');
const { step } = require('../../local/lib/progress');
const { ensureClusterParts, KUBERNETES } = require('./parts');
const { makeCertificates, writeKubeconfig } = require('./certs');
const { NETWORK, startEtcd, startApiServer, startControllers } = require('./control-plane');
const { NODE_NAME, setUpNetwork, startContainerd, startKubelet, startKubeProxy, removeNodeLeftovers } = require('./node');
const { loadImages } = require('./images');
const { installAddons } = require('./addons');
const { deployPortal, GATEWAY_URL, NAMESPACE } = require('./portal');
const { CLUSTER_DIR, readState, recordState } = require('./state');

const ADMIN = { email: process.env.ADMIN_EMAIL ?? 'admin@portal.local', password: process.env.ADMIN_PASSWORD ?? 'cluster-admin-secret-1' };

/** kubectl as this cluster's admin (a client certificate of system:masters), or as a context of the user's own kubeconfig. */
function kubectlFor({ kubeconfig, context }) {
  const args = kubeconfig ? ['--kubeconfig', kubeconfig] : ['--context', context];
  return {
    args,
    kubeconfig,
    run(more, { input } = {}) {
      const result = spawnSync('kubectl', [...args, ...more], { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
      if (result.status !== 0) throw new Error(`kubectl ${more.join(' ')}: ${result.stderr || result.stdout}`);
      return result.stdout;
    },
    succeeds: (more) => spawnSync('kubectl', [...args, ...more], { stdio: 'ignore' }).status === 0,
  };
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let tearingDown;
/** Stops every part this run recorded, newest first, then what the node leaves behind and the cluster's folder (once, however often asked). */
const down = () => (tearingDown ??= tearDown());

async function tearDown() {
  const state = readState();
  if (!state) return console.log('No cluster of this checkout is running.');
  for (const { name, pid } of [...state.processes].reverse()) {
    if (!alive(pid)) continue;
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    console.log(`  stopped ${name}`);
  }
  removeNodeLeftovers(state);
  fs.rmSync(CLUSTER_DIR, { recursive: true, force: true });
  console.log('The cluster is gone: its processes, containers, mounts, network and data.');
}

async function up() {
  if (readState()?.processes?.some(({ pid }) => alive(pid))) {
    throw new Error('A cluster of this checkout is running already: `npm run cluster -- --down` removes it.');
  }
  fs.rmSync(CLUSTER_DIR, { recursive: true, force: true });
  ensureDependencies();
  build();
  const binaries = step(
    `Building the cluster's parts (Kubernetes ${KUBERNETES}, CoreDNS, metrics-server) into .tools/, once`,
    'about 10 minutes on a first run',
    () => ensureClusterParts({ installMissing }),
  );
  recordState({ startedAt: new Date().toISOString(), processes: [], runner: process.pid });

  setUpNetwork();
  const certs = path.join(CLUSTER_DIR, 'pki');
  const clients = makeCertificates(certs, { apiAddress: NETWORK.nodeAddress, serviceIp: NETWORK.kubernetesServiceIp, node: NODE_NAME });
  const server = `https://${NETWORK.nodeAddress}:${NETWORK.apiPort}`;
  const kubeconfigs = Object.fromEntries(clients.map((name) => [name, writeKubeconfig(certs, name, server)]));
  const kubectl = kubectlFor({ kubeconfig: kubeconfigs.admin });
  const etcdUrl = await step('Starting etcd', '', () => startEtcd({ etcd: 'etcd', dir: CLUSTER_DIR }));
  await step('Starting the API server', 'a few seconds', () => startApiServer({ binaries, certs, etcdUrl, kubectl }));
  await startControllers({ binaries, certs, kubeconfigs });
  const socket = await step('Starting containerd', '', () => startContainerd(path.join(CLUSTER_DIR, 'containerd')));
  // the engine builds the images; one this run started is stopped again once they are loaded
  const engine = await ensureEngine();
  try {
    step("Building the images and loading them into the node's containerd", 'a few minutes on a first run', () =>
      loadImages({ binaries, socket }),
    );
  } finally {
    await engine.stop();
  }
  await step('Starting the kubelet', 'until the node is Ready', () =>
    startKubelet({ binaries, certs, kubeconfigs, socket, dir: CLUSTER_DIR, kubectl }),
  );
  await step('Starting kube-proxy', '', () => startKubeProxy({ binaries, kubeconfigs, dir: CLUSTER_DIR }));
  step('Installing CoreDNS and metrics-server', 'under a minute', () => installAddons({ kubectl, dir: CLUSTER_DIR }));
  step('Deploying the portal (deploy/k8s/overlays/local)', 'a minute or two', () =>
    deployPortal({ kubectl, dir: CLUSTER_DIR, admin: ADMIN }),
  );
  console.log(`
The portal runs on the cluster: ${GATEWAY_URL} (the gateway's Service, from this machine).
  kubectl --kubeconfig ${kubectl.kubeconfig} -n ${NAMESPACE} get pods
  the first admin: ${ADMIN.email}`);
  return kubectl;
}

/** `--down` from another terminal: the run that started the cluster is stopped first (it removes what it can), then whatever is left is removed here. */
async function downFromOutside() {
  const runner = readState()?.runner;
  if (runner && runner !== process.pid && alive(runner)) {
    process.kill(runner, 'SIGTERM');
    while (alive(runner)) await new Promise((resolve) => setTimeout(resolve, 200));
    if (!readState()) return console.log('The cluster is gone.');
  }
  return down();
}

module.exports = { up, down, downFromOutside, kubectlFor };
