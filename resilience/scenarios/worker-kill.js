'use strict';
const { billingQueue } = require('../lib/billing-queue');
const { billingRecords } = require('../lib/billing-records');
const { endedTrial, insertMany, withDatabase } = require('../lib/seed');
const { createOrder, trafficContext } = require('../lib/traffic');
const { createRecorder } = require('../lib/recorder');
const { check, verdict } = require('../lib/verdict');
const { sleep, until } = require('../lib/wait');

const TRIALS = 1_500;
const LOST_CALLBACKS = 30;

/** SIGKILLs billing as soon as a run of `jobName` is active; answers the killed job's id. */
async function killDuring(portal, jobs, jobName, { afterMs = 0 } = {}) {
  let active;
  await until(
    async () => {
      active = (await jobs.queue.getActive()).find((job) => job.name === jobName);
      return active !== undefined;
    },
    { timeoutMs: 60_000, everyMs: 10 },
  );
  if (!active) throw new Error(`no ${jobName} run became active`);
  await sleep(afterMs);
  portal.processes.billing.child.kill('SIGKILL');
  return active.id;
}

/**
 * The billing worker killed in the middle of the expiry sweep and of order reconciliation: the
 * runs resume (BullMQ moves a stalled job back), no trial is expired twice, no order credited twice.
 */
async function workerKill(portal, users) {
  const jobs = billingQueue(portal);
  const seededAt = Date.now();
  await withDatabase(portal, 'billing', (db) => insertMany(db.collection('subscriptions'), TRIALS, endedTrial('sweep')));
  const sweepJob = await killDuring(portal, jobs, 'subscription-expiry');
  const sweepDoneMs = await until(
    () =>
      withDatabase(
        portal,
        'billing',
        async (db) => (await db.collection('subscriptions').countDocuments({ userId: /^sweep-/, status: 'trial' })) === 0,
      ),
    { timeoutMs: 120_000, everyMs: 1000 },
  );
  const sweeps = await jobs.finishedSince('subscription-expiry', seededAt);
  const expiredByRuns = sweeps.reduce((sum, job) => sum + (job.returnvalue?.trials ?? 0), 0);
  // BullMQ finds a job whose worker died once its lock lapses (30 s) and runs it again
  const resumed = (id) => until(async () => (await jobs.fate(id)).state === 'completed', { timeoutMs: 120_000, everyMs: 1000 });
  const sweepResumedMs = await resumed(sweepJob);
  const killedSweep = await jobs.fate(sweepJob);

  // payments whose callbacks were lost, settled only by reconciliation, which PhonePe slows to 300 ms a call
  const ctx = trafficContext(portal, createRecorder());
  const buyers = users.filter((vu) => !vu.admin);
  const orders = [];
  for (let i = 0; i < LOST_CALLBACKS; i++) {
    const answer = await createOrder(ctx, buyers[i % buyers.length]);
    if (answer.status !== 201) throw new Error(`an order answered ${answer.status}`);
    orders.push(answer.body.merchantOrderId);
    await portal.standIn.settle(answer.body.merchantOrderId, 'success', { webhook: false });
  }
  portal.standIn.setFaults({ delayMs: 300 });
  const reconcileJob = await killDuring(portal, jobs, 'order-reconciliation', { afterMs: 1500 });
  const creditedPartly = Object.keys((await billingRecords(portal, orders)).credits).length;
  const settledMs = await until(async () => Object.keys((await billingRecords(portal, orders)).credits).length === orders.length, {
    timeoutMs: 120_000,
    everyMs: 1000,
  });
  portal.standIn.setFaults();
  const reconcileResumedMs = await resumed(reconcileJob);
  const records = await billingRecords(portal, orders);
  const killedReconciliation = await jobs.fate(reconcileJob);
  await jobs.close();
  const twice =
    Object.values(records.credits).filter((times) => times > 1).length + Object.values(records.invoiceCount).filter((n) => n > 1).length;
  return verdict(
    'billing worker killed mid-sweep and mid-reconciliation',
    [
      check(
        `every one of ${TRIALS} ended trials is expired after the killed sweep`,
        sweepDoneMs !== undefined,
        `within ${sweepDoneMs} ms (killed run ${sweepJob})`,
      ),
      check(
        'no trial expired twice (runs together expired at most as many as there were)',
        expiredByRuns <= TRIALS,
        `${expiredByRuns} by ${sweeps.length} finished runs`,
      ),
      check(
        `all ${LOST_CALLBACKS} orders with lost callbacks credited after the killed reconciliation`,
        settledMs !== undefined,
        `${creditedPartly} before the kill's restart, all within ${settledMs} ms (killed run ${reconcileJob})`,
      ),
      check('no order credited twice, no second invoice', twice === 0, `${twice} doubles`),
      check(
        'both killed runs resumed and completed (BullMQ stalled-job handling)',
        sweepResumedMs !== undefined && reconcileResumedMs !== undefined,
        {
          sweep: killedSweep,
          reconciliation: killedReconciliation,
        },
      ),
    ],
    { trials: TRIALS, sweepDoneMs, expiredByRuns, killedSweep, orders: orders.length, settledMs, killedReconciliation },
  );
}

module.exports = { workerKill };
