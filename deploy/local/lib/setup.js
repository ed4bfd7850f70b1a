'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./paths');
const { waitFor } = require('./net');
const { run, startProcess } = require('./processes');

/** `npm ci` when node_modules is missing or older than the lock file. */
function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT });
}

const TSC = require.resolve('typescript/bin/tsc');

/**
 * Compiles every workspace; incremental, so an unchanged tree costs a second or two. Without
 * `frontends` only the TypeScript projects, for `npm run dev`, whose watcher builds the pages.
 */
function build({ frontends = true } = {}) {
  if (frontends) run('npm', ['run', '--silent', 'build'], { cwd: ROOT });
  else run(process.execPath, [TSC, '-b', 'tsconfig.build.json'], { cwd: ROOT });
}

/**
 * `npm run dev`: the TypeScript projects and the frontends recompile on every change. Resolves
 * with the two watchers once the frontends' first build has been written.
 */
async function watchBuilds() {
  const typescript = startProcess('tsc', process.execPath, [TSC, '-b', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
    cwd: ROOT,
  });
  const frontends = startProcess('frontends', process.execPath, [path.join(ROOT, 'frontends', 'build.js'), '--dev', '--watch'], {
    cwd: ROOT,
  });
  await waitFor(async () => frontends.tail().includes('Frontends built into'), { what: 'the first frontend build', timeoutMs: 180_000 });
  return [typescript, frontends];
}

/** Reads .env without overriding what the shell already set. */
function loadDotEnv() {
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

module.exports = { ensureDependencies, build, watchBuilds, loadDotEnv };
