'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { ROOT } = require('../deploy/local/lib/paths');
const { spawn } = require('node:child_process');
const autocannon = require('autocannon');
const { waitFor, httpStatus } = require('../deploy/local/lib/net');

/** Starts a node script pinned to one core (taskset), output discarded. */
async function startPinned(core, script, env, readyUrl) {
  const child = spawn('taskset', ['-c', String(core), process.execPath, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(
    async () => {
      if (exited) throw new Error(`${script} exited during start-up`);
      return (await httpStatus(readyUrl)) > 0;
    },
    { what: script, timeoutMs: 20_000 },
  );
  return {
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** user + system CPU seconds the process has used so far (from /proc). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function load(url, { headers = {}, duration = 8, connections = 32 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, duration, connections, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Records each script `page` loads from now on, as its address (query left out) and gzipped size; answers the list it fills. */
function recordScripts(page) {
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: response.url().split('?')[0], gzip: zlib.gzipSync(body, { level: 9 }).length });
  });
  return scripts;
}

const fmt = (n, digits = 2) => Number(n).toFixed(digits);

function report(rows) {
  for (const [name, value, goal, ok] of rows) {
    console.log(`${ok ? 'PASS' : 'MISS'}  ${name.padEnd(58)} ${String(value).padStart(12)}   goal ${goal}`);
  }
}

/** Every figure of a run in reports/<name>.json (the bench's and the resilience run's side by side); answers the path. */
function writeFigures(name, figures) {
  const file = path.join(ROOT, 'reports', `${name}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ at: new Date(), ...figures }, null, 2));
  return file;
}

/** report()'s rows as objects, for writeFigures. */
const asFigures = (rows) => rows.map(([figure, value, goal, met]) => ({ figure, value, goal, met }));

module.exports = { startPinned, cpuSeconds, load, recordScripts, fmt, report, writeFigures, asFigures };
