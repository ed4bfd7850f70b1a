'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn, execFileSync } = require('node:child_process');
const { freePort, httpStatus, waitFor } = require('../lib/net');
const { pingRedis, removeKeys } = require('../lib/redis');
const { PACKAGE_DIR } = require('../lib/node-runtime');

/**
 * The newcomer's environment: the machine's, less what the outer `npm run smoke` added (npm's
 * own npm_* settings would otherwise steer the inner npm, and the Node this project installed for
 * itself would spare the fresh copy the step a newcomer's machine with an older Node takes).
 */
function newcomerEnv(extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_|^INIT_CWD$|^PORTAL_NODE_RELAUNCHED$/i.test(name)));
  const ownNode = path.join(PACKAGE_DIR, 'bin');
  env.PATH = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== ownNode)
    .join(path.delimiter);
  return { ...env, ...extra };
}

/** The pids still alive in a process group (ps, so zombies reaped by nobody count too). */
function groupMembers(pgid) {
  const rows = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' }).split('\n');
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter(([pid, group, stat]) => Number(group) === pgid && !String(stat).startsWith('Z') && Number(pid) !== process.pid)
    .map(([pid, , , ...args]) => `${pid} ${args.join(' ')}`);
}

/**
 * `npm start` in `projectDir`, in a process group of its own so that whatever it leaves behind can
 * be found; its output goes to a log beside the project. Resolves once it says the portal is
 * running (after its optional steps) and /health answers 200.
 */
async function startPortal(projectDir, extraEnv) {
  const port = await freePort();
  const logFile = path.join(path.dirname(projectDir), `npm-start-${Date.now()}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn('npm', ['start'], {
    cwd: projectDir,
    env: newcomerEnv({ ...extraEnv, PORT: String(port) }),
    stdio: ['ignore', log, log],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let gone;
  exited.then((exit) => (gone = exit));
  const output = () => fs.readFileSync(logFile, 'utf8');
  const tail = () => output().split('\n').slice(-60).join('\n');
  const url = `http://127.0.0.1:${port}`;
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the whole group has exited already
    }
  };
  try {
    await waitFor(
      async () => {
        if (gone) throw new Error(`npm start exited (${JSON.stringify(gone)}) before the portal answered`);
        return output().includes('The portal is running on') && (await httpStatus(`${url}/health`)) === 200;
      },
      { what: 'the portal', timeoutMs: 11 * 60_000, intervalMs: 500 },
    );
  } catch (error) {
    killGroup();
    throw new Error(`${error.message}\n--- the last lines of npm start ---\n${tail()}`);
  }
  return {
    url,
    output,
    /** SIGTERM to npm's process alone (not its group); resolves with how npm exited. */
    async stop() {
      if (!gone) child.kill('SIGTERM');
      const timer = setTimeout(killGroup, 30_000);
      const exit = await exited;
      clearTimeout(timer);
      // The children get a moment to finish their own exit after npm's.
      await waitFor(async () => groupMembers(child.pid).length === 0, { what: 'the portal processes', timeoutMs: 15_000 }).catch(
        () => undefined,
      );
      return exit;
    },
    survivors: () => groupMembers(child.pid),
    /** The run's keys, when the portal used the machine's Redis (else they went with its data). */
    async removeRedisKeys(prefix) {
      if (await pingRedis(6379)) await removeKeys('redis://127.0.0.1:6379', prefix, projectDir);
    },
  };
}

module.exports = { startPortal };
