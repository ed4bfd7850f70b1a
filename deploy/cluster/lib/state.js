'use strict';
// What a run of `npm run cluster` started and changed on this machine, written as it goes, so
// that `npm run cluster -- --down` (or the run's own Ctrl-C) removes exactly that, by id.
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { DATA_DIR } = require('../../local/lib/paths');

const CLUSTER_DIR = path.join(DATA_DIR, 'cluster');
const STATE_FILE = path.join(CLUSTER_DIR, 'state.json');
const LOG_DIR = path.join(CLUSTER_DIR, 'logs');

const readState = () => (fs.existsSync(STATE_FILE) ? JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) : null);

function recordState(change) {
  const state = { processes: [], ...readState(), ...change };
  fs.mkdirSync(CLUSTER_DIR, { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  return state;
}

/** A long-running part, its output in logs/<name>.log, its pid recorded for the teardown. */
function startPart(name, command, args, { env = process.env } = {}) {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = fs.openSync(path.join(LOG_DIR, `${name}.log`), 'a');
  // its own process group: a Ctrl-C at the terminal reaches this script, which stops the parts in order
  const child = spawn(command, args, { env, stdio: ['ignore', log, log], detached: true });
  fs.closeSync(log);
  const state = readState() ?? { processes: [] };
  recordState({ processes: [...state.processes, { name, pid: child.pid }] });
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));
  return {
    name,
    pid: child.pid,
    /** Throws with the end of the part's log when it has stopped. */
    assertRunning() {
      if (exited) throw new Error(`${name} stopped (${exited.signal ?? `exit ${exited.code}`}):\n${logTail(name)}`);
    },
  };
}

function logTail(name, lines = 25) {
  const file = path.join(LOG_DIR, `${name}.log`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '(no log)';
}

module.exports = { CLUSTER_DIR, readState, recordState, startPart };
