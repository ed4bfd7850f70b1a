'use strict';
const mongoose = require('mongoose');
const { outageUnderTraffic } = require('../lib/outage');
const { isFailure } = require('../lib/recorder');
const { check, verdict } = require('../lib/verdict');
const { sleep } = require('../lib/wait');

const OUTAGE_MS = 20_000;

/** When the answers stopped failing for good after `from`: the recovery time. */
function recoveredAfter(samples, from) {
  const lastFailure = samples.filter((sample) => sample.at >= from && isFailure(sample.status)).at(-1);
  return lastFailure ? lastFailure.at - from : 0;
}

/**
 * The database killed (as a crash would) for 20 s under traffic, then started again: 503 with a
 * clear message while it is away, recovery without restarting any service, and every write the
 * portal acknowledged still there.
 */
async function dbOutage(portal, users) {
  const { recorder, ctx, traffic, stoppedAt, startedAt, restartsBefore } = await outageUnderTraffic(portal, users, {
    stop: () => portal.db.kill(),
    start: () => portal.db.start(),
    outageMs: OUTAGE_MS,
  });
  await sleep(20_000);
  await traffic.stop();

  const during = recorder.between(stoppedAt, startedAt);
  const not503 = during.filter((sample) => isFailure(sample.status) && sample.status !== 503);
  const recoveryMs = recoveredAfter(recorder.samples(), startedAt);
  const connection = await mongoose.createConnection(portal.db.uri, { dbName: `${portal.databasePrefix}feedback` }).asPromise();
  const stored = new Set(
    (
      await connection
        .collection('feedback')
        .find({}, { projection: { message: 1 } })
        .toArray()
    ).map((doc) => doc.message),
  );
  await connection.close();
  const lost = ctx.acknowledged.filter((message) => !stored.has(message));
  const restarts = portal.restarts() - restartsBefore;
  return verdict(
    `database killed for ${OUTAGE_MS / 1000} s under traffic`,
    [
      check('while it is away, failing calls answer 503 (no 500, no timeout)', not503.length === 0, {
        calls: during.length,
        answered503: during.filter((sample) => sample.status === 503).length,
        other: not503.map((sample) => `${sample.group} ${sample.status}`).slice(0, 10),
      }),
      check('every call succeeds again within 10 s of its return', recoveryMs <= 10_000, `${recoveryMs} ms`),
      check('no service restarted', restarts === 0, `${restarts} restarts`),
      check(
        'no acknowledged write lost (feedback answered 201)',
        lost.length === 0,
        `${ctx.acknowledged.length} acknowledged, ${lost.length} missing`,
      ),
    ],
    { outageMs: OUTAGE_MS, recoveryMs, traffic: recorder.summary() },
  );
}

module.exports = { dbOutage };
