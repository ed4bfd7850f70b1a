'use strict';
// `npm run cluster`: a single-node Kubernetes on this machine, from upstream parts built once into
// .tools/ (issue #54), running the portal from the project's own manifests (deploy/k8s, the local
// overlay). It stays up until Ctrl-C, then removes everything it started; `npm run cluster --
// --down` does the same for a run that was stopped otherwise. As root (the kubelet and the
// network need it); docs/operations.md, "A Kubernetes cluster on this machine".
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureDependencies, build } = require('../local/lib/setup');
const { ensureEngine, installMissing } = require('../docker/lib/engine');
const { step } = require('../local/lib/progress');
const { ensureClusterParts, KUBERNETES } = require('./lib/parts');
const { makeCertificates, writeKubeconfig } = require('./lib/certs');
const { NETWORK, startEtcd, startApiServer, startControllers } = require('./lib/control-plane');
const { setUpNetwork, startContainerd, startKubelet, startKubeProxy, removeNodeLeftovers } = require('./lib/node');
const { loadImages } = require('./lib/images');
const { installAddons } = require('./lib/addons');
const { deployPortal, GATEWAY_URL, NAMESPACE } = require('./lib/portal');
const { CLUSTER_DIR, readState, recordState } = require('./lib/state');

const ADMIN = { email: process.env.ADMIN_EMAIL ?? 'admin@portal.local', password: process.env.ADMIN_PASSWORD ?? 'cluster-admin-secret-1' };

/** kubectl as the cluster's admin (a client certificate of system:masters). */
function kubectlFor(kubeconfig) {
  const args = ['--kubeconfig', kubeconfig];
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
  const stopOnSignal = async () => {
    console.log('\nStopping the cluster…');
    await down();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal).once('SIGTERM', stopOnSignal);

  setUpNetwork();
  const certs = path.join(CLUSTER_DIR, 'pki');
  const clients = makeCertificates(certs, { apiAddress: NETWORK.nodeAddress, serviceIp: NETWORK.kubernetesServiceIp, node: 'portal-node' });
  const server = `https://${NETWORK.nodeAddress}:${NETWORK.apiPort}`;
  const kubeconfigs = Object.fromEntries(clients.map((name) => [name, writeKubeconfig(certs, name, server)]));
  const kubectl = kubectlFor(kubeconfigs.admin);
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
  the first admin: ${ADMIN.email}
Ctrl-C removes the cluster.`);
  return kubectl;
}

/** `--down` from another terminal: the run that started the cluster removes it, or, when it is gone, this one does. */
async function downFromOutside() {
  const runner = readState()?.runner;
  if (runner && runner !== process.pid && alive(runner)) {
    process.kill(runner, 'SIGTERM');
    while (alive(runner)) await new Promise((resolve) => setTimeout(resolve, 200));
    return console.log('The cluster is gone.');
  }
  return down();
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('`npm run cluster` runs as root: the kubelet, containerd and the node’s network need it.');
  if (process.argv.includes('--down')) return downFromOutside();
  await up();
  await new Promise(() => undefined); // until Ctrl-C
}

main().catch(async (error) => {
  console.error(`cluster: ${error.message}`);
  if (!process.argv.includes('--down') && readState()) {
    console.error('Removing what was started…');
    await down().catch((cleanup) => console.error(`cluster: the clean-up failed too: ${cleanup.message}`));
  }
  process.exit(1);
});
