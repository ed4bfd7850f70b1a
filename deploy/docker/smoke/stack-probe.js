'use strict';
// What the smoke reads of the stack's containers: which are running, their state, their logs.
const { execFileSync } = require('node:child_process');

const docker = (...args) => execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 2 ** 20 });

function stackProbe(stack) {
  /** The running containers of one service. */
  const running = (service) => stack.containers().filter((container) => container.service === service && container.state === 'running');
  /** Docker's whole record of a container (State.Pid, State.ExitCode, RestartCount…). */
  const inspect = (id) => JSON.parse(docker('inspect', id))[0];
  /** The lines a container wrote to its standard output (where pino logs) since `since`, an ISO time. */
  const logLines = (id, since) => {
    const out = execFileSync('docker', ['logs', ...(since ? ['--since', since] : []), id], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 2 ** 20,
    });
    return out.split('\n').filter(Boolean);
  };
  /** The JSON lines (pino's, or the stand-in's) of a container's log that `match`. */
  const logRecords = (id, since, match) =>
    logLines(id, since)
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
      .filter(match);
  /** How many calls of `route` each running container of `service` logged since `since`. */
  const callsPerReplica = (service, route, since) =>
    running(service).map((container) => logLines(container.id, since).filter((line) => line.includes(`"url":"${route}"`)).length);
  return { running, inspect, logRecords, callsPerReplica };
}

module.exports = { stackProbe, docker };
