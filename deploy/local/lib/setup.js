'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./paths');
const { run } = require('./processes');

/** `npm ci` when node_modules is missing or older than the lock file. */
function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT });
}

/** Compiles every workspace; incremental, so an unchanged tree costs a second or two. */
function build() {
  run('npm', ['run', '--silent', 'build'], { cwd: ROOT });
}

/** Reads .env without overriding what the shell already set. */
function loadDotEnv() {
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

module.exports = { ensureDependencies, build, loadDotEnv };
