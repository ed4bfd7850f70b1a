'use strict';
const { asTable, commandsPerCall, overBudget } = require('../lib/commands-per-call');
const { cpuPerCall, passwordCheckCpuSeconds } = require('../lib/cpu-per-call');
const { cpuByGroup, asLine: cpuByGroupLine } = require('../lib/cpu-by-group');
const { createRecorder, errorsByStatus } = require('../lib/recorder');
const { sampleProcesses } = require('../lib/process-usage');
const { createUsers, runTraffic, trafficContext } = require('../lib/traffic');
const { check, verdict } = require('../lib/verdict');

const P99_GOAL_MS = 250;
// every signed-in page asks for the status first
const STATUS_P99_GOAL_MS = 150;
// The users' first calls meet code no call has run yet and reads no process remembers yet: a
// service just started, not the portal at work. They are made, and reported, before the
// measured window, as load tools warm up before they measure.
const WARM_UP_SECONDS = 10;

/** The process that used the most CPU, and what every process used, in % of one core. */
const busiest = (processes) => {
  const sorted = Object.entries(processes).sort(([, a], [, b]) => b.cpuPercent - a.cpuPercent);
  return sorted.map(([name, usage]) => `${name} ${usage.cpuPercent}%`).join(', ');
};

/** Virtual users through the gateway for a while: throughput, latency per route group, errors, CPU and memory. */
async function load(portal, { users, seconds, byGroup = false }) {
  const vus = await createUsers(trafficContext(portal, createRecorder()), { count: users, admins: 2, label: 'load' });
  const warmUp = createRecorder();
  await runTraffic(trafficContext(portal, warmUp), vus, { durationMs: WARM_UP_SECONDS * 1000 });
  // created now, so that its calls per second count the measured window alone
  const recorder = createRecorder();
  const ctx = trafficContext(portal, recorder);
  const usage = sampleProcesses(portal.pids);
  await runTraffic(ctx, vus, { durationMs: seconds * 1000 });
  const processes = usage.stop();
  const summary = recorder.summary();
  const passwordCheckSeconds = await passwordCheckCpuSeconds();
  const cpu = cpuPerCall(processes, summary.requests, { signIns: summary.groups['sign-in']?.requests ?? 0, passwordCheckSeconds });
  const warmUpSummary = warmUp.summary();
  const commands = await commandsPerCall(portal, vus);
  const overCommandBudget = overBudget(commands);
  const groupsCpu = byGroup ? await cpuByGroup(portal, vus, { passwordCheckSeconds }) : undefined;
  // an error in the warm-up is one a user saw all the same
  const errors = errorsByStatus([...warmUp.samples(), ...recorder.samples()]);
  const slowGroups = Object.entries(summary.groups)
    .filter(([, row]) => row.p99 > P99_GOAL_MS)
    .map(([group, row]) => `${group} ${row.p99} ms`);
  return verdict(
    `load: ${users} virtual users for ${seconds} s, after ${WARM_UP_SECONDS} s of warm-up`,
    [
      check('no errors (no 4xx/5xx, no timeouts)', Object.keys(errors).length === 0, errors),
      check(
        `p99 of all calls ≤ ${P99_GOAL_MS} ms`,
        summary.p99 <= P99_GOAL_MS,
        `${summary.p99} ms over ${summary.requests} calls, ${summary.throughput}/s`,
      ),
      check(
        `the status call's p99 ≤ ${STATUS_P99_GOAL_MS} ms`,
        (summary.groups.status?.p99 ?? Infinity) <= STATUS_P99_GOAL_MS,
        `${summary.groups.status?.p99 ?? 'no'} ms over ${summary.groups.status?.requests ?? 0} calls`,
      ),
      check(`route groups with p99 > ${P99_GOAL_MS} ms (reported, not a verdict)`, true, slowGroups.join(', ') || 'none'),
      check('the busiest process (reported, not a verdict)', true, busiest(processes)),
      check(
        'CPU per call of the mix, every process (reported, not a verdict)',
        true,
        `${cpu.totalMs} ms, of which the sign-ins' password checks ${cpu.passwordChecksMs} ms: ${cpu.withoutPasswordChecksMs} ms without them; ${Object.entries(
          cpu.byProcessMs,
        )
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', ')}`,
      ),
      ...(groupsCpu
        ? [
            check(
              'CPU a call of each route group, its calls alone (reported, not a verdict)',
              true,
              cpuByGroupLine(groupsCpu, summary.throughput),
            ),
          ]
        : []),
      check('the warm-up (reported, not a verdict)', true, `p99 ${warmUpSummary.p99} ms over ${warmUpSummary.requests} calls`),
      check(
        'database commands per call within each route group’s budget (sent/budget)',
        overCommandBudget.length === 0,
        overCommandBudget.length ? `over: ${overCommandBudget.join('; ')}; all: ${asTable(commands)}` : asTable(commands),
      ),
    ],
    {
      ...summary,
      warmUp: warmUpSummary,
      errors,
      processes,
      cpuPerCall: cpu,
      cpuByGroup: groupsCpu,
      ordersPaid: ctx.orders.length,
      commandsPerCall: commands,
    },
  );
}

module.exports = { load };
