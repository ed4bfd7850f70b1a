'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { waitFor } = require('./net');

const COLORS = [36, 32, 33, 35, 34, 96, 92, 93];
let nextColor = 0;

/** Runs a command to completion with inherited output; exits the whole script if it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/**
 * Runs a command to completion keeping its output to itself (a tool build's pages of progress
 * lines); the output is shown only when the command fails.
 */
function runQuiet(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
}

/** A long-running child whose output lines carry a coloured [name] prefix. */
function startProcess(name, command, args, { env = process.env, cwd, quiet = false } = {}) {
  const color = COLORS[nextColor++ % COLORS.length];
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
  let tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        tail = [...tail.slice(-19), line];
        if (!quiet) process.stdout.write(prefix + line + '\n');
      }
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    child,
    exited,
    /** The last lines it printed, for an error message when it dies during start-up. */
    tail: (lines = 20) => tail.slice(-lines).join('\n'),
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Resolves once `ready()` says the started process serves; a process that exits first fails it
 * with the lines it printed, rather than a timeout that hides why.
 */
function untilServing(proc, ready, { what, timeoutMs }) {
  let exited = false;
  proc.exited.then(() => (exited = true));
  return waitFor(
    async () => {
      if (exited) throw new Error(`${what} exited during start-up:\n${proc.tail()}`);
      return ready();
    },
    { what, timeoutMs },
  );
}

module.exports = { run, runQuiet, startProcess, untilServing };
