'use strict';
// `npm start` as a newcomer and as everyone after: in a fresh copy of this checkout (no
// node_modules, .data, .tools or build), the first start (installing, building FerretDB and
// Mailpit, compiling everything), then a second on the unchanged copy (goal <= 15 s to "The
// portal is running"). Then a change to one page: the build rebuilds that workspace alone, and
// `npm run dev`'s watcher has it rebuilt within 3 s.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { freshCopy } = require('../deploy/local/smoke/fresh-copy');
const { startPortal } = require('../deploy/local/smoke/portal-process');
const { waitFor } = require('../deploy/local/lib/net');
const { fmt } = require('./lib');

const GOALS = { firstStartSeconds: 160, secondStartSeconds: 15, devPickupSeconds: 3 };
const PAGE = path.join('frontends', 'portal', 'src', 'pages', 'About.tsx');

async function timedStart(projectDir, env) {
  const started = performance.now();
  const portal = await startPortal(projectDir, env);
  const seconds = (performance.now() - started) / 1000;
  await portal.stop();
  await portal.removeRedisKeys(env.REDIS_PREFIX).catch(() => undefined);
  return seconds;
}

/** Touches the page's source so that its content changes (a comment with the time). */
const changePage = (projectDir) => fs.appendFileSync(path.join(projectDir, PAGE), `\n// changed at ${Date.now()}\n`);

async function devPickup(projectDir) {
  const watcher = spawn(process.execPath, ['frontends/build.js', '--dev', '--watch'], {
    cwd: projectDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  watcher.stdout.on('data', (chunk) => (output += chunk));
  watcher.stderr.on('data', (chunk) => (output += chunk));
  const builds = () => output.split('Frontends built into').length - 1;
  try {
    await waitFor(async () => builds() >= 1, { what: 'the first development build', timeoutMs: 180_000 });
    const before = builds();
    const changed = performance.now();
    changePage(projectDir);
    await waitFor(async () => builds() > before, { what: 'the rebuild after a change', timeoutMs: 60_000, intervalMs: 50 });
    return (performance.now() - changed) / 1000;
  } finally {
    watcher.kill('SIGTERM');
  }
}

async function startTimes({ redisPrefix }) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
  const projectDir = path.join(workDir, 'tax-portal');
  try {
    freshCopy(projectDir);
    const env = { REDIS_PREFIX: redisPrefix };
    const first = await timedStart(projectDir, env);
    const second = await timedStart(projectDir, env);
    changePage(projectDir);
    const rebuilt = execFileSync(process.execPath, ['frontends/build.js'], { cwd: projectDir, encoding: 'utf8' });
    const workspaces = /\(production: ([^)]*)\)/.exec(rebuilt)?.[1] ?? 'none';
    const pickup = await devPickup(projectDir);
    return [
      [
        'first npm start on a fresh copy, to "running" (s)',
        fmt(first, 0),
        `<= ${GOALS.firstStartSeconds}`,
        first <= GOALS.firstStartSeconds,
      ],
      ['second npm start, nothing changed (s)', fmt(second, 1), `<= ${GOALS.secondStartSeconds}`, second <= GOALS.secondStartSeconds],
      ['workspaces rebuilt after a change to one portal page', workspaces, 'portal', workspaces === 'portal'],
      ['npm run dev: a changed page rebuilt (s)', fmt(pickup, 1), `<= ${GOALS.devPickupSeconds}`, pickup <= GOALS.devPickupSeconds],
    ];
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

module.exports = { startTimes };
