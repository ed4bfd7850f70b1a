'use strict';
const { createRecorder } = require('../lib/recorder');
const { groupsNeeding } = require('../lib/route-groups');
const { backgroundTraffic, createOrder, trafficContext } = require('../lib/traffic');
const { check, verdict } = require('../lib/verdict');
const { sleep } = require('../lib/wait');

const IN_FLIGHT = 10;

/**
 * SIGTERM to a service under traffic, as a deploy or a scale-down sends it: the calls it has
 * begun are answered (none cut), new ones get a clean 503 until it is back, and it exits 0.
 */
async function gracefulShutdown(portal, users, { service = 'billing' } = {}) {
  const recorder = createRecorder();
  const ctx = trafficContext(portal, recorder);
  const proc = portal.processes[service];
  const traffic = backgroundTraffic(ctx, users);
  await sleep(5000);
  const exited = proc.exited;
  // orders certainly inside billing when the signal arrives: each waits 1.5 s on PhonePe
  portal.standIn.setFaults({ delayMs: 1500 });
  const buyers = users.filter((vu) => !vu.admin).slice(0, IN_FLIGHT);
  const orders = buyers.map((vu) => createOrder(ctx, vu, 'order (in flight)'));
  await sleep(500);
  const signalledAt = Date.now();
  proc.child.kill('SIGTERM');
  const inFlight = await Promise.all(orders);
  portal.standIn.setFaults();
  const { code, signal } = await exited;
  const exitMs = Date.now() - signalledAt;
  await sleep(8000);
  await traffic.stop();

  const affected = [...groupsNeeding(service), 'order (in flight)'];
  // a call cut mid-way shows as a dropped connection (0), a 502 or a 500; a 503 is a clean refusal
  const cut = recorder
    .samples()
    .filter(
      (sample) =>
        affected.includes(sample.group) &&
        (sample.status === 0 || sample.status === 'timeout' || (sample.status >= 500 && sample.status !== 503)),
    );
  const answered = inFlight.filter((answer) => answer.status === 201).length;
  return verdict(
    `SIGTERM to ${service} under traffic`,
    [
      check(`the ${buyers.length} orders in flight at the signal are answered`, answered === buyers.length, {
        created: answered,
        other: inFlight.filter((answer) => answer.status !== 201).map((answer) => answer.status),
      }),
      check(
        'no call cut (no dropped connection, 500 or 502)',
        cut.length === 0,
        cut.map((sample) => `${sample.group} ${sample.status}`).slice(0, 10),
      ),
      check('it exits by itself, with code 0', code === 0 && signal === null, `code ${code}, signal ${signal}, after ${exitMs} ms`),
    ],
    { service, exitMs, traffic: recorder.summary() },
  );
}

module.exports = { gracefulShutdown };
