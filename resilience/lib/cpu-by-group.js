'use strict';
// The CPU one call of each route group costs, every process together: each group's calls made
// alone, after the load, so that where the mix's milliseconds go is read per group rather than
// guessed from profiles. What the processes use with no call at all is measured first and taken off.
const { setTimeout: sleep } = require('node:timers/promises');
const { ACTIONS, trafficContext } = require('./traffic');
const { sampleProcesses } = require('./process-usage');

// Enough calls that the processes' quiet use, taken off over the group's time, is a few per cent
// of what the calls use; the costly groups fewer. Each user makes at most a few, within its hourly
// feedback and its sign-in limits. What a group's calls set going after their answers (a receipt's
// e-mail, the events' consumers) is counted with it: the group is measured until that is done.
const GROUPS = {
  status: { calls: 1000 },
  plans: { calls: 1000 },
  eligibility: { calls: 1000 },
  usage: { calls: 1000 },
  history: { calls: 400 },
  profile: { calls: 400 },
  feedback: { calls: 400 },
  'sign-in': { calls: 100, settleMs: 3000 },
  order: { calls: 60, settleMs: 3000 },
  'admin-users': { calls: 30 },
  'admin-export': { calls: 30 },
};
const AT_ONCE = 4;
const SETTLE_MS = 500;
const QUIET_MS = 5000;
// what the load set going (its receipts, its events' consumers) ends before the quiet is measured
const LOAD_TAIL_MS = 3000;

/** Each process's CPU seconds a second with no call, over a quiet while. */
async function quietUsage(pids) {
  await sleep(LOAD_TAIL_MS);
  const usage = sampleProcesses(pids);
  const started = Date.now();
  await sleep(QUIET_MS);
  const processes = usage.stop();
  const seconds = (Date.now() - started) / 1000;
  return Object.fromEntries(Object.entries(processes).map(([name, { cpuSeconds }]) => [name, cpuSeconds / seconds]));
}

/** `count` calls of one group by `users` in turn, `AT_ONCE` at a time: the answers' statuses. */
async function callsOf(ctx, group, users, count) {
  const statuses = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let index = next++; index < count; index = next++) {
        const { status } = await ACTIONS[group](ctx, users[index % users.length]);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

const round2 = (ms) => Math.round(ms * 100) / 100;

/**
 * Per route group: ms of CPU a call (all processes, less their quiet use over the same time; a
 * sign-in without its password check), each process's share, and the answers' statuses; and the
 * processes' quiet use itself, in cores. `users` are the load's virtual users, signed in.
 */
async function cpuByGroup(portal, users, { passwordCheckSeconds }) {
  const ctx = trafficContext(portal, { record: () => undefined });
  const quiet = await quietUsage(portal.pids);
  const admins = users.filter((vu) => vu.admin);
  const customers = users.filter((vu) => !vu.admin);
  const rows = {};
  for (const [group, { calls: count, settleMs = SETTLE_MS }] of Object.entries(GROUPS)) {
    const usage = sampleProcesses(portal.pids);
    const started = Date.now();
    const statuses = await callsOf(ctx, group, group.startsWith('admin') ? admins : customers, count);
    await sleep(settleMs);
    const seconds = (Date.now() - started) / 1000;
    // the password checks that sign-in pays on purpose are reported apart, out of auth's share
    const hashing = group === 'sign-in' ? passwordCheckSeconds * 1000 : 0;
    const byProcess = Object.entries(usage.stop())
      .map(([name, { cpuSeconds }]) => [
        name,
        ((cpuSeconds - (quiet[name] ?? 0) * seconds) / count) * 1000 - (name === 'auth' ? hashing : 0),
      ])
      .sort(([, a], [, b]) => b - a);
    const ms = byProcess.reduce((sum, [, each]) => sum + each, 0);
    rows[group] = {
      ms: round2(ms),
      ...(hashing ? { passwordCheckMs: round2(hashing) } : {}),
      // the processes that did a tenth of the work or more; the rest is within the ticks' error
      byProcessMs: Object.fromEntries(byProcess.filter(([, each]) => each >= ms / 10).map(([name, each]) => [name, round2(each)])),
      statuses,
    };
  }
  return { groups: rows, quietCores: round2(Object.values(quiet).reduce((sum, cores) => sum + cores, 0)) };
}

const notOk = (statuses) =>
  Object.entries(statuses)
    .filter(([status]) => !String(status).startsWith('2'))
    .map(([status, count]) => `${count} × ${status}`);

/**
 * One line: each group's ms a call, its main processes and the answers that were not 2xx; then the
 * processes' quiet use, and what it comes to a call at `callsPerSecond`.
 */
function asLine({ groups, quietCores }, callsPerSecond) {
  const rows = Object.entries(groups).map(([group, row]) => {
    const processes = Object.entries(row.byProcessMs).map(([name, ms]) => `${name} ${ms}`);
    const answers = notOk(row.statuses);
    return `${group} ${row.ms} (${processes.join(', ')})${answers.length ? ` [${answers.join(', ')}]` : ''}`;
  });
  const quietMs = Math.round((quietCores / callsPerSecond) * 1e4) / 10;
  return `${rows.join('; ')}; with no call at all, the processes use ${quietCores} of a core (${quietMs} ms a call at this run's calls a second)`;
}

module.exports = { cpuByGroup, asLine };
