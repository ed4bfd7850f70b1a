'use strict';
// The parts of a single-node Kubernetes, built once into .tools/ from upstream sources at pinned
// versions: no distribution can be downloaded here, but the Go module proxy serves
// Kubernetes, CoreDNS and metrics-server, and Debian packages etcd, containerd, runc and the CNI
// plugins. Each Go program is rebuilt only when its pinned version changes (go-tool.js's stamps).
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureGoTool } = require('../../local/lib/go-tool');
const { TOOLS_DIR } = require('../../local/lib/paths');
const { runQuiet } = require('../../local/lib/processes');

/** Kubernetes itself; its staging modules are published as k8s.io/<name> v0.<minor>.<patch>. */
const KUBERNETES = 'v1.34.4';
/** The versions Kubernetes 1.34's own addons name (cluster/addons/dns/coredns, cluster/addons/metrics-server). */
const COREDNS = 'v1.12.1';
const METRICS_SERVER = 'v0.7.2';
const KUBE_PROGRAMS = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kubelet', 'kube-proxy'];
/** Debian's packages of the node's runtime, by the command each brings. */
const DEBIAN_PARTS = {
  etcd: 'etcd-server',
  containerd: 'containerd',
  runc: 'runc',
  '/usr/lib/cni/bridge': 'containernetworking-plugins',
  conntrack: 'conntrack',
  iptables: 'iptables',
  openssl: 'openssl',
};

const withoutGo = 'Go 1.24 or later is needed to build the cluster’s parts (Kubernetes, CoreDNS, metrics-server).';

/** Where the Go module cache holds `module@version` (downloaded through the module proxy when it lacks it). */
function moduleDir(module, version) {
  const download = spawnSync('go', ['mod', 'download', '-json', `${module}@${version}`], { encoding: 'utf8' });
  if (download.status !== 0) throw new Error(`go mod download ${module}@${version} failed:\n${download.stdout}${download.stderr}`);
  return JSON.parse(download.stdout).Dir;
}

/** A module's source, copied from the module cache into a writable folder of .tools/src. */
function moduleSource(module, version) {
  const buildDir = path.join(TOOLS_DIR, 'src', `${path.basename(module)}-${version}`);
  fs.rmSync(buildDir, { recursive: true, force: true });
  fs.cpSync(moduleDir(module, version), buildDir, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', buildDir]);
  return buildDir;
}

/**
 * Kubernetes' go.mod replaces its 31 staging modules with ./staging/src/k8s.io/<name>, which the
 * module archive lacks; pointed at the published modules of the same release, it builds as is.
 */
function publishedStagingModules(goMod, version) {
  const staging = `v0.${version.slice(1).split('.').slice(1).join('.')}`;
  return goMod.replace(/^(\s*)(k8s\.io\/[\w.-]+) => \.\/staging\/src\/k8s\.io\/[\w.-]+$/gm, `$1$2 => $2 ${staging}`);
}

const goEnv = () => ({ ...process.env, GOWORK: 'off', GOFLAGS: '-mod=mod -buildvcs=false', CGO_ENABLED: '0' });

/** The binaries report the release they are (`kubectl version`, the node's kubelet version). */
function kubeVersionFlags(version) {
  const [major, minor] = version.slice(1).split('.');
  return ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version']
    .flatMap((pkg) => [`-X ${pkg}.gitVersion=${version}`, `-X ${pkg}.gitMajor=${major}`, `-X ${pkg}.gitMinor=${minor}`])
    .join(' ');
}

/** The five Kubernetes programs, built together (they share most of their packages). */
function ensureKubernetes() {
  const binaries = {};
  const [first, ...others] = KUBE_PROGRAMS;
  binaries[first] = ensureGoTool({
    name: first,
    label: `Kubernetes (${KUBE_PROGRAMS.join(', ')})`,
    version: KUBERNETES,
    withoutGo,
    usually: 'about 6 minutes on 2 cores with an empty Go cache',
    build(binary) {
      const buildDir = moduleSource('k8s.io/kubernetes', KUBERNETES);
      const goMod = path.join(buildDir, 'go.mod');
      fs.writeFileSync(goMod, publishedStagingModules(fs.readFileSync(goMod, 'utf8'), KUBERNETES));
      runQuiet(
        'go',
        [
          'build',
          '-trimpath',
          '-ldflags',
          `-s -w ${kubeVersionFlags(KUBERNETES)}`,
          '-o',
          `${path.dirname(binary)}/`,
          ...KUBE_PROGRAMS.map((program) => `./cmd/${program}`),
        ],
        { cwd: buildDir, env: goEnv() },
      );
      for (const program of others) fs.writeFileSync(path.join(path.dirname(binary), `${program}.version`), `${KUBERNETES}\n`);
    },
  });
  for (const program of others) {
    binaries[program] = ensureGoTool({
      name: program,
      label: program,
      version: KUBERNETES,
      withoutGo,
      build: () => {
        throw new Error(`${program} was not built beside kube-apiserver: remove .tools/bin/kube-apiserver.version and start again`);
      },
    });
  }
  return binaries;
}

/** A Go program of an addon's module (`pkg` within it), built once at its pinned version. */
function ensureAddonProgram({ name, label, module, version, pkg }) {
  return ensureGoTool({
    name,
    label,
    version,
    withoutGo,
    build(binary) {
      runQuiet('go', ['build', '-trimpath', '-ldflags', '-s -w', '-o', binary, pkg], { cwd: moduleSource(module, version), env: goEnv() });
    },
  });
}

/** The sandbox's pause program, compiled statically from Kubernetes' own source (build/pause). */
function ensurePause() {
  const binary = path.join(TOOLS_DIR, 'bin', 'pause');
  const stamp = `${binary}.version`;
  if (fs.existsSync(binary) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === KUBERNETES) return binary;
  const source = path.join(moduleDir('k8s.io/kubernetes', KUBERNETES), 'build', 'pause', 'linux', 'pause.c');
  fs.mkdirSync(path.dirname(binary), { recursive: true });
  runQuiet('gcc', ['-Os', '-Wall', '-Werror', '-static', '-DVERSION=' + KUBERNETES, '-o', binary, source]);
  fs.writeFileSync(stamp, `${KUBERNETES}\n`);
  return binary;
}

/** Every part, built or installed once; answers the paths of the Go programs. */
function ensureClusterParts({ installMissing }) {
  installMissing(DEBIAN_PARTS);
  return buildClusterPrograms();
}

/** The programs built from source into .tools/ (Kubernetes, CoreDNS, metrics-server, pause), each once. */
function buildClusterPrograms() {
  return {
    ...ensureKubernetes(),
    coredns: ensureAddonProgram({ name: 'coredns', label: 'CoreDNS', module: 'github.com/coredns/coredns', version: COREDNS, pkg: '.' }),
    'metrics-server': ensureAddonProgram({
      name: 'metrics-server',
      label: 'metrics-server',
      module: 'sigs.k8s.io/metrics-server',
      version: METRICS_SERVER,
      pkg: './cmd/metrics-server',
    }),
    pause: ensurePause(),
  };
}

module.exports = { buildClusterPrograms, ensureClusterParts, moduleDir, KUBERNETES, METRICS_SERVER };
