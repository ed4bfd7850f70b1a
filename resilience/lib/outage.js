'use strict';
const { createRecorder } = require('./recorder');
const { backgroundTraffic, trafficContext } = require('./traffic');
const { sleep } = require('./wait');

/**
 * Traffic for 5 s, then `stop()` a dependency for `outageMs` and `start()` it again, the traffic
 * running on throughout (the caller stops it). Answers what a scenario checks afterwards.
 */
async function outageUnderTraffic(portal, users, { stop, start, outageMs }) {
  const recorder = createRecorder();
  const ctx = trafficContext(portal, recorder);
  const restartsBefore = portal.restarts();
  const traffic = backgroundTraffic(ctx, users);
  await sleep(5000);
  const stoppedAt = Date.now();
  await stop();
  await sleep(outageMs);
  await start();
  return { recorder, ctx, traffic, stoppedAt, startedAt: Date.now(), restartsBefore };
}

module.exports = { outageUnderTraffic };
