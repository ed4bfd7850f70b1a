'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./paths');
const { waitFor } = require('./net');
const { run, startProcess } = require('./processes');
const { step } = require('./progress');

/** `npm ci` when node_modules is missing or older than the lock file. */
function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  step('Installing dependencies with npm ci', 'about a minute on a first run', () =>
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: ROOT }),
  );
}

// Resolved on use: on a fresh clone typescript is only there once ensureDependencies has run.
const tsc = () => require.resolve('typescript/bin/tsc', { paths: [ROOT] });

/**
 * Compiles every workspace; incremental, so an unchanged tree costs a second or two. Without
 * `frontends` only the TypeScript projects, for `npm run dev`, whose watcher builds the pages.
 */
function build({ frontends = true } = {}) {
  const compile = () => run(process.execPath, [tsc(), '-b', 'tsconfig.build.json'], { cwd: ROOT });
  if (!frontends) return step('Compiling the TypeScript projects', 'about 30 s on a first run', compile);
  step('Compiling the TypeScript projects and the frontends', 'about a minute on a first run, seconds after', () => {
    compile();
    run(process.execPath, [path.join(ROOT, 'frontends', 'build.js')], { cwd: ROOT });
  });
}

/**
 * `npm run dev`: the TypeScript projects and the frontends recompile on every change. Resolves
 * with the two watchers once the frontends' first build has been written.
 */
async function watchBuilds() {
  const typescript = startProcess('tsc', process.execPath, [tsc(), '-b', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
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
