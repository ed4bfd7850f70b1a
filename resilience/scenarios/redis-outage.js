'use strict';
const { billingQueue } = require('../lib/billing-queue');
const { outageUnderTraffic } = require('../lib/outage');
const { isFailure } = require('../lib/recorder');
const { check, verdict } = require('../lib/verdict');
const { sleep, until } = require('../lib/wait');

const OUTAGE_MS = 20_000;
/**
 * The calls that cannot be answered without Redis, by design (docs/operations.md): sign-in counts
 * attempts there, an order takes the buyer's lock there, and an admin token is refused while its
 * revocation cannot be checked. They answer 503 while Redis is away; every other call answers.
 */
const NEEDS_REDIS = ['sign-in', 'order', 'admin-users', 'admin-export'];

/** Redis stopped for 20 s under traffic, then started again. */
async function redisOutage(portal, users) {
  const { recorder, traffic, stoppedAt, startedAt, restartsBefore } = await outageUnderTraffic(portal, users, {
    stop: () => portal.redis.stop(),
    start: () => portal.redis.start(),
    outageMs: OUTAGE_MS,
  });
  const jobs = billingQueue(portal);
  // the expiry sweep runs every 5 s here: a run finishing after Redis is back shows the jobs resumed
  const sweepAfterMs = await until(async () => (await jobs.finishedSince('subscription-expiry', startedAt)).length > 0, {
    timeoutMs: 60_000,
    everyMs: 500,
  });
  await sleep(Math.max(0, 15_000 - (Date.now() - startedAt)));
  const sweeps = await jobs.finishedSince('subscription-expiry', stoppedAt - 60_000);
  await jobs.close();
  await traffic.stop();

  const during = recorder.between(stoppedAt, startedAt);
  const unexpected = during.filter((sample) => isFailure(sample.status) && !(NEEDS_REDIS.includes(sample.group) && sample.status === 503));
  const refused = during.filter((sample) => NEEDS_REDIS.includes(sample.group) && sample.status === 503).length;
  // a few seconds for the clients to reconnect, then everything must answer
  const after = recorder.between(startedAt + 5000, Date.now()).filter((sample) => isFailure(sample.status));
  const restarts = portal.restarts() - restartsBefore;
  // one scheduler tick is one job id, so a run counted twice would show as a repeated id
  const ids = sweeps.map((job) => job.id);
  return verdict(
    `Redis stopped for ${OUTAGE_MS / 1000} s under traffic`,
    [
      check(`calls that do not need Redis keep answering; ${NEEDS_REDIS.join(', ')} answer 503`, unexpected.length === 0, {
        calls: during.length,
        refusedWith503: refused,
        unexpected: unexpected.map((sample) => `${sample.group} ${sample.status}`).slice(0, 10),
      }),
      check('everything answers again within 5 s of Redis returning', after.length === 0, `${after.length} failures after`),
      check('no service restarted', restarts === 0, `${restarts} restarts`),
      check('the scheduled expiry sweep runs again, no run twice', sweepAfterMs !== undefined && new Set(ids).size === ids.length, {
        firstRunAfterMs: sweepAfterMs,
        runs: ids.length,
      }),
    ],
    { outageMs: OUTAGE_MS, traffic: recorder.summary() },
  );
}

module.exports = { redisOutage };
