'use strict';
// The node: its own address on an interface of its own (a bridge without ports, as this kernel
// has no dummy links), so nothing listens on the machine's network; its own containerd instance
// (own root, state and socket, beside any other runtime on the machine), the CNI bridge, the
// kubelet and kube-proxy. CONTAINERS.md has what each needed here.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { freePort, waitFor } = require('../../local/lib/net');
const { NETWORK } = require('./control-plane');
const { recordState, readState, startPart } = require('./state');

const NODE_NAME = 'portal-node';
const INTERFACE = 'tpk0';
const BRIDGE = 'tpk-cni0';
const CNI_NETWORK = 'tax-portal';
const PAUSE_IMAGE = 'registry.k8s.io/pause:local';
/** The comment on this cluster's own iptables rules, by which the teardown finds them. */
const RULES_COMMENT = 'tax-portal cluster';

const sh = (command, args) => spawnSync(command, args, { encoding: 'utf8' });
const must = (command, args) => {
  const result = sh(command, args);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
};

/** The node's address, and forwarding for the pods' traffic (the machine's settings are put back by the teardown). */
function setUpNetwork() {
  if (sh('ip', ['link', 'show', INTERFACE]).status !== 0) {
    must('ip', ['link', 'add', INTERFACE, 'type', 'bridge']);
    recordState({ interface: INTERFACE });
  }
  must('ip', ['addr', 'replace', `${NETWORK.nodeAddress}/32`, 'dev', INTERFACE]);
  must('ip', ['link', 'set', INTERFACE, 'up']);
  const forwarding = fs.readFileSync('/proc/sys/net/ipv4/ip_forward', 'utf8').trim();
  if (readState()?.ipForward === undefined) recordState({ ipForward: forwarding });
  fs.writeFileSync('/proc/sys/net/ipv4/ip_forward', '1');
  acceptPodTraffic();
}

/**
 * The pods' traffic accepted in FORWARD, whose policy is DROP once a Docker engine has run here,
 * by rules appended after the chains kube-proxy puts first. The CNI's firewall plugin inserted
 * its accepting chain above them instead, so a pod's call to a Service without a ready endpoint
 * was accepted before kube-proxy's REJECT could refuse it: not translated, it left by the default
 * route and something beyond the node answered it (empty 404s while billing's only pod was
 * replaced). Refused here, the caller learns at once that no one serves it (the gateway's 503).
 */
function acceptPodTraffic() {
  const comment = ['-m', 'comment', '--comment', RULES_COMMENT];
  // what the pods send, and the answers to it (as the firewall plugin allowed)
  const rules = [
    ['FORWARD', '-s', NETWORK.podRange, ...comment, '-j', 'ACCEPT'],
    ['FORWARD', '-d', NETWORK.podRange, '-m', 'conntrack', '--ctstate', 'RELATED,ESTABLISHED', ...comment, '-j', 'ACCEPT'],
  ];
  for (const rule of rules) if (sh('iptables', ['-C', ...rule]).status !== 0) must('iptables', ['-A', ...rule]);
  recordState({ podRules: true });
}

function writeCniConfig(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const config = {
    cniVersion: '0.4.0',
    name: CNI_NETWORK,
    plugins: [
      {
        type: 'bridge',
        bridge: BRIDGE,
        isGateway: true,
        ipMasq: true,
        hairpinMode: true,
        ipam: { type: 'host-local', ranges: [[{ subnet: NETWORK.podRange }]], routes: [{ dst: '0.0.0.0/0' }] },
      },
      { type: 'portmap', capabilities: { portMappings: true } },
    ],
  };
  fs.writeFileSync(path.join(dir, '10-tax-portal.conflist'), JSON.stringify(config, null, 2));
}

/**
 * containerd 1.6's CRI with its own folders. `restrict_oom_score_adj`: root here lacks
 * CAP_SYS_RESOURCE, and runc cannot give a sandbox a lower OOM score without it (CONTAINERS.md).
 */
function writeContainerdConfig(dir) {
  const config = `version = 2
root = "${path.join(dir, 'root')}"
state = "${path.join(dir, 'state')}"
[grpc]
  address = "${path.join(dir, 'containerd.sock')}"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "${PAUSE_IMAGE}"
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "${path.join(dir, 'cni')}"
`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'config.toml'), config);
  writeCniConfig(path.join(dir, 'cni'));
  return path.join(dir, 'config.toml');
}

async function startContainerd(dir) {
  const config = writeContainerdConfig(dir);
  const socket = path.join(dir, 'containerd.sock');
  const part = startPart('containerd', 'containerd', ['--config', config]);
  await waitFor(
    async () => {
      part.assertRunning();
      return sh('ctr', ['--address', socket, 'version']).status === 0;
    },
    { timeoutMs: 30_000, what: 'containerd' },
  );
  recordState({ containerdSocket: socket, containerdRoot: path.join(dir, 'root'), containerdState: path.join(dir, 'state') });
  return socket;
}

/** The kubelet on cgroup v1 with cgroupfs (this machine's), evictions only at a nearly full disk. */
async function startKubelet({ binaries, certs, kubeconfigs, socket, dir, kubectl }) {
  const root = path.join(dir, 'kubelet');
  fs.mkdirSync(root, { recursive: true });
  const config = {
    apiVersion: 'kubelet.config.k8s.io/v1beta1',
    kind: 'KubeletConfiguration',
    address: NETWORK.nodeAddress,
    port: 10250,
    readOnlyPort: 0,
    healthzBindAddress: '127.0.0.1',
    healthzPort: 0,
    cgroupDriver: 'cgroupfs',
    failCgroupV1: false,
    failSwapOn: false,
    containerRuntimeEndpoint: `unix://${socket}`,
    clusterDNS: [NETWORK.dnsServiceIp],
    clusterDomain: 'cluster.local',
    resolvConf: writeResolvConf(dir),
    authentication: { x509: { clientCAFile: path.join(certs, 'ca.crt') }, webhook: { enabled: true }, anonymous: { enabled: false } },
    authorization: { mode: 'Webhook' },
    evictionHard: { 'memory.available': '100Mi', 'nodefs.available': '1%', 'imagefs.available': '1%' },
    imageGCHighThresholdPercent: 100,
    imageGCLowThresholdPercent: 99,
    serializeImagePulls: false,
  };
  const configFile = path.join(dir, 'kubelet.yaml');
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  recordState({ kubeletRoot: root });
  const part = startPart('kubelet', binaries.kubelet, [
    `--config=${configFile}`,
    `--kubeconfig=${kubeconfigs.kubelet}`,
    `--hostname-override=${NODE_NAME}`,
    `--node-ip=${NETWORK.nodeAddress}`,
    `--root-dir=${root}`,
    `--cert-dir=${path.join(root, 'pki')}`,
  ]);
  await waitFor(
    async () => {
      part.assertRunning();
      const ready = sh('kubectl', [
        ...kubectl.args,
        'get',
        'node',
        NODE_NAME,
        '-o',
        'jsonpath={.status.conditions[?(@.type=="Ready")].status}',
      ]);
      return ready.stdout.trim() === 'True';
    },
    { timeoutMs: 90_000, intervalMs: 1000, what: 'the node to be Ready' },
  );
}

/** Pods ask the cluster's DNS alone: no name leaves the machine (an empty upstream list). */
function writeResolvConf(dir) {
  const file = path.join(dir, 'resolv.conf');
  fs.writeFileSync(file, `nameserver ${NETWORK.dnsServiceIp}\n`);
  return file;
}

/** kube-proxy in iptables mode; ready once it has written the `kubernetes` Service's rules. */
async function startKubeProxy({ binaries, kubeconfigs, dir }) {
  const config = {
    apiVersion: 'kubeproxy.config.k8s.io/v1alpha1',
    kind: 'KubeProxyConfiguration',
    clientConnection: { kubeconfig: kubeconfigs['kube-proxy'] },
    hostnameOverride: NODE_NAME,
    mode: 'iptables',
    clusterCIDR: NETWORK.podRange,
    // leave the machine's conntrack settings as they are
    conntrack: { maxPerCore: 0, tcpEstablishedTimeout: '0s', tcpCloseWaitTimeout: '0s' },
    healthzBindAddress: `127.0.0.1:${await freePort()}`,
    metricsBindAddress: `127.0.0.1:${await freePort()}`,
  };
  const configFile = path.join(dir, 'kube-proxy.yaml');
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  recordState({ kubeProxy: true });
  const part = startPart('kube-proxy', binaries['kube-proxy'], [`--config=${configFile}`]);
  await waitFor(
    async () => {
      part.assertRunning();
      return sh('iptables-save', ['-t', 'nat']).stdout.includes(`-d ${NETWORK.kubernetesServiceIp}/32`);
    },
    { timeoutMs: 60_000, intervalMs: 500, what: "kube-proxy's rules" },
  );
}

/**
 * What the node leaves behind once its processes are gone: the pods' containers (their shims
 * outlive containerd), mounts under the node's folders, the pods' network namespaces, the bridge,
 * kube-proxy's and the CNI's iptables chains, the pods' cgroups, the node's address.
 */
function removeNodeLeftovers(state) {
  // a container's processes outlive its shim; every one of them sits in the pods' cgroups
  for (let round = 0; round < 50; round++) {
    const pids = podProcesses();
    if (!pids.length) break;
    for (const pid of pids) sh('kill', ['-9', String(pid)]);
    spawnSync('sleep', ['0.1']);
  }
  if (state.containerdSocket) {
    for (const line of sh('pgrep', ['-af', 'containerd-shim']).stdout.split('\n')) {
      const [pid] = line.split(' ');
      if (pid && line.includes(state.containerdSocket)) sh('kill', ['-9', pid]);
    }
  }
  const roots = [state.kubeletRoot, state.containerdRoot, state.containerdState].filter(Boolean);
  const mounts = fs
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1])
    .filter((mount) => mount && roots.some((root) => mount.startsWith(root)))
    .sort((a, b) => b.length - a.length);
  for (const mount of mounts) sh('umount', ['-l', mount]);
  for (const namespace of sh('ip', ['netns', 'list']).stdout.split('\n')) {
    const name = namespace.split(' ')[0];
    if (name.startsWith('cni-')) sh('ip', ['netns', 'delete', name]);
  }
  sh('ip', ['link', 'delete', BRIDGE]);
  if (state.kubeProxy || state.podRules) removeRules();
  for (const kubepods of podCgroups()) sh('find', [kubepods, '-depth', '-type', 'd', '-exec', 'rmdir', '{}', ';']);
  if (state.interface) sh('ip', ['link', 'delete', state.interface]);
  if (state.ipForward !== undefined) fs.writeFileSync('/proc/sys/net/ipv4/ip_forward', state.ipForward);
  fs.rmSync('/var/lib/cni/networks/' + CNI_NETWORK, { recursive: true, force: true });
}

/** The kubelet's cgroups of the pods (cgroupfs driver): one tree per controller on cgroup v1, one on v2. */
function podCgroups() {
  const root = '/sys/fs/cgroup';
  const trees = [path.join(root, 'kubepods'), ...fs.readdirSync(root).map((controller) => path.join(root, controller, 'kubepods'))];
  return trees.filter((tree) => fs.existsSync(tree));
}

/** Every process in the pods' cgroups. */
function podProcesses() {
  const pids = new Set();
  for (const tree of podCgroups()) {
    const listed = sh('find', [tree, '-name', 'cgroup.procs', '-o', '-name', 'tasks']).stdout.split('\n').filter(Boolean);
    for (const file of listed) for (const pid of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) pids.add(Number(pid));
  }
  return [...pids];
}

/**
 * kube-proxy's KUBE-* chains and the CNI's CNI-* chains, with the rules that jump to them, and the
 * node's own rules: each table saved, written back without them in one iptables-restore (every
 * other rule kept as it was).
 */
function removeRules() {
  const ours = new RegExp(`(^:|-A |-j |-g )(KUBE-|CNI-)|--comment "${RULES_COMMENT}"`);
  for (const table of ['filter', 'nat', 'mangle']) {
    const lines = sh('iptables-save', ['-t', table]).stdout.split('\n');
    if (!lines.some((line) => ours.test(line))) continue;
    spawnSync('iptables-restore', ['-T', table], { input: lines.filter((line) => !ours.test(line)).join('\n') });
  }
}

module.exports = {
  NODE_NAME,
  PAUSE_IMAGE,
  RULES_COMMENT,
  setUpNetwork,
  startContainerd,
  startKubelet,
  startKubeProxy,
  removeNodeLeftovers,
};
