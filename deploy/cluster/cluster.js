'use strict';
// `npm run cluster`: a single-node Kubernetes on this machine, from upstream parts built once into
// .tools/, running the portal from the project's own manifests (deploy/k8s, the local
// overlay). It stays up until Ctrl-C, then removes everything it started; `npm run cluster --
// --down` does the same for a run that was stopped otherwise, and `--check` brings it up, proves
// what operators rely on (deploy/cluster/check.js) and removes it; `--check --context=<name>
// --gateway-url=<url>` proves the same of a cluster that runs the portal already; `--build-parts`
// only builds the programs into .tools/ (CI starts it early, at low priority). As root (the
// kubelet and the network need it); docs/operations.md, "A Kubernetes cluster on this machine".
if (require('../local/lib/node-runtime').relaunchOnSupportedNode()) return;
const path = require('node:path');
const { runSteps } = require('../local/lib/step-run');
const { up, down, downFromOutside } = require('./lib/lifecycle');
const { readState } = require('./lib/state');
const { buildClusterPrograms } = require('./lib/parts');

async function main() {
  const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const context = option('context');
  if (context) {
    // the same check against a cluster that runs the portal already (a staging cluster, say)
    const gatewayUrl = option('gateway-url');
    if (!process.argv.includes('--check') || !gatewayUrl)
      throw new Error('--context=<name> goes with --check and --gateway-url=<the portal’s address>.');
    Object.assign(process.env, { CLUSTER_CONTEXT: context, CLUSTER_GATEWAY_URL: gatewayUrl });
    return runSteps(path.join(__dirname, 'check.js'), 'Cluster', 45 * 60_000);
  }
  if (process.argv.includes('--build-parts')) return void buildClusterPrograms();
  if (process.getuid?.() !== 0) throw new Error('`npm run cluster` runs as root: the kubelet, containerd and the node’s network need it.');
  if (process.argv.includes('--down')) return downFromOutside();
  if (process.argv.includes('--check')) return runSteps(path.join(__dirname, 'check.js'), 'Cluster', 45 * 60_000);
  const stopOnSignal = async () => {
    console.log('\nStopping the cluster…');
    await down();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal).once('SIGTERM', stopOnSignal);
  await up();
  console.log('Ctrl-C removes the cluster.');
  await new Promise(() => undefined); // until Ctrl-C
}

main().catch(async (error) => {
  console.error(`cluster: ${error.message}`);
  if (!process.argv.includes('--down') && !process.env.CLUSTER_CONTEXT && readState()) {
    console.error('Removing what was started…');
    await down().catch((cleanup) => console.error(`cluster: the clean-up failed too: ${cleanup.message}`));
  }
  process.exit(1);
});
