'use strict';
const { performance } = require('node:perf_hooks');
const { createRecorder, isFailure } = require('../lib/recorder');
const { groupsNeeding } = require('../lib/route-groups');
const { backgroundTraffic, trafficContext } = require('../lib/traffic');
const { check, verdict } = require('../lib/verdict');
const { sleep, until } = require('../lib/wait');

/** Asks a billing path every 50 ms, so the answers while the service is away are seen one by one. */
function probe(url, path) {
  const answers = [];
  let done = false;
  const running = (async () => {
    while (!done) {
      const started = performance.now();
      let status = 0;
      let error;
      try {
        const response = await fetch(url + path, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
        status = response.status;
        if (status >= 500) error = (await response.json()).error;
        else await response.arrayBuffer();
      } catch {
        status = 0;
      }
      answers.push({ at: Date.now(), status, error, ms: performance.now() - started });
      await sleep(50);
    }
  })();
  return {
    answers,
    async stop() {
      done = true;
      await running;
    },
  };
}

/**
 * SIGKILL one service under traffic: its routes must answer 503 (the JSON error) within 1 s,
 * routes that do not need it keep answering, and the supervisor brings it back by itself.
 */
async function killService(portal, users, { service = 'billing', probePath = '/api/payment/plans' } = {}) {
  const recorder = createRecorder();
  const ctx = trafficContext(portal, recorder);
  const proc = portal.processes[service];
  const restartsBefore = proc.restarts;
  const traffic = backgroundTraffic(ctx, users);
  await sleep(5000);
  const watch = probe(portal.url, probePath);
  await sleep(500);
  const killedAt = Date.now();
  proc.child.kill('SIGKILL');
  const backAfterMs = await until(() => watch.answers.some((answer) => answer.at > killedAt && answer.status === 200), {
    timeoutMs: 60_000,
  });
  await sleep(5000);
  await watch.stop();
  await traffic.stop();

  const during = watch.answers.filter((answer) => answer.at > killedAt && answer.status !== 200);
  const wrong = during.filter((answer) => answer.status !== 503 || answer.error !== 'service_unavailable');
  const slowest = Math.max(0, ...during.map((answer) => answer.ms));
  const affected = groupsNeeding(service);
  const others = recorder.samples().filter((sample) => !affected.includes(sample.group));
  const othersFailed = others.filter((sample) => isFailure(sample.status));
  const restarted = proc.restarts - restartsBefore;
  return verdict(
    `kill -9 ${service} under traffic`,
    [
      check(`while ${service} is away, its routes answer 503 service_unavailable`, during.length > 0 && wrong.length === 0, {
        answers: during.length,
        other: wrong.map((answer) => answer.status),
      }),
      check('each of those answers within 1 s', slowest < 1000, `slowest ${Math.round(slowest)} ms`),
      check(
        `routes that do not need ${service} keep answering`,
        othersFailed.length === 0,
        `${othersFailed.length} failures of ${others.length}`,
      ),
      check(
        'the supervisor restarts it by itself',
        restarted === 1 && backAfterMs !== undefined,
        `restarted ${restarted}×, answering again after ${backAfterMs} ms`,
      ),
    ],
    { service, backAfterMs, answersWhileAway: during.length, slowestMs: Math.round(slowest), traffic: recorder.summary() },
  );
}

module.exports = { killService };
