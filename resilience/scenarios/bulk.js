'use strict';
const { performance } = require('node:perf_hooks');
const { sampleProcesses } = require('../lib/process-usage');
const { billingQueue } = require('../lib/billing-queue');
const { endedTrial, insertMany, seededUser, withDatabase } = require('../lib/seed');
const { until } = require('../lib/wait');
const { check, verdict } = require('../lib/verdict');
const { signInAdmin } = require('../../deploy/local/lib/admin-sign-in');

const USERS = 100_000;
const RSS_GROWTH_LIMIT_MB = 100;
const TRIALS = 100_000;
/** Long enough to write 100,000 trials, so that they fall due together. */
const SEED_SECONDS = 60;
const PER_DOCUMENT_SAMPLE = 20;

/** The admin's user export of 100,000 users, streamed: time, rows, and each service's memory growth. */
async function exportUsers(portal) {
  await withDatabase(portal, 'auth', (db) => insertMany(db.collection('users'), USERS, seededUser('bulk', USERS)));
  const login = await signInAdmin(portal.url, portal.admin);
  const usage = sampleProcesses(portal.pids, 250);
  const before = usage.snapshot();
  const started = performance.now();
  const response = await fetch(`${portal.url}/api/admin/export/users`, { headers: { Authorization: `Bearer ${login.token}` } });
  let rows = -1; // the header line
  const decoder = new TextDecoder();
  for await (const chunk of response.body) rows += (decoder.decode(chunk, { stream: true }).match(/\n/g) ?? []).length;
  const seconds = (performance.now() - started) / 1000;
  const after = usage.stop();
  const growth = Object.fromEntries(
    ['admin-reporting', 'auth', 'billing', 'download'].map((name) => [name, after[name].peakRssMb - before[name].rssMb]),
  );
  return { status: response.status, rows, seconds: Math.round(seconds * 10) / 10, rssGrowthMb: growth };
}

/**
 * The billing service's own expiry sweep over 100,000 trials that fall due together, against one
 * update per document carrying the sweep's guard (`status: 'trial'`, so that a trial bought in
 * the meantime is left alone). 100,000 of those would take hours on the embedded store, which
 * reads the collection for each, so PER_DOCUMENT_SAMPLE of them are timed on an equal collection
 * and multiplied out.
 */
async function sweepVersusPerDocument(portal) {
  const jobs = billingQueue(portal);
  const usage = sampleProcesses(portal.pids, 250);
  const before = usage.snapshot();
  // due once every one is written, so that one run of the sweep meets them all
  const dueAt = new Date(Date.now() + SEED_SECONDS * 1000);
  await withDatabase(portal, 'billing', (db) => insertMany(db.collection('subscriptions'), TRIALS, endedTrial('bulk', dueAt)));
  const pending = (db) => db.collection('subscriptions').countDocuments({ userId: /^bulk-/, status: 'trial' });
  const expired = await until(() => withDatabase(portal, 'billing', async (db) => (await pending(db)) === 0), {
    timeoutMs: 15 * 60_000,
    everyMs: 2000,
  });
  const allExpiredAfterDueMs = expired === undefined ? undefined : Date.now() - dueAt.getTime();
  const after = usage.stop();
  const runs = (await jobs.finishedSince('subscription-expiry', dueAt.getTime())).filter((job) => job.returnvalue?.trials > 0);
  await jobs.close();
  const sweepMs = runs.reduce((sum, job) => sum + (job.finishedOn - job.processedOn), 0);
  const expiredByRuns = runs.reduce((sum, job) => sum + job.returnvalue.trials, 0);

  const perDocumentMs = await withDatabase(portal, 'billing', async (db) => {
    const single = db.collection('sweep_single');
    await insertMany(single, TRIALS, endedTrial('single'));
    // spread over the collection, as a run over every document would be: the store reads rows in
    // order until the first match, so the first documents alone would cost almost nothing
    const ids = (await single.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id);
    const sample = Array.from({ length: PER_DOCUMENT_SAMPLE }, (_, i) => ids[Math.floor(((i + 0.5) * ids.length) / PER_DOCUMENT_SAMPLE)]);
    const timed = async (filterOf) => {
      const started = performance.now();
      for (const _id of sample) await single.updateOne(filterOf(_id), { $set: { status: 'expired' } });
      return ((performance.now() - started) / sample.length) * TRIALS;
    };
    const guarded = await timed((_id) => ({ _id, status: 'trial' }));
    await single.updateMany({ _id: { $in: sample } }, { $set: { status: 'trial' } });
    const byIdAlone = await timed((_id) => ({ _id }));
    await single.drop();
    return { guarded, byIdAlone };
  });
  return {
    trials: TRIALS,
    expiredByRuns,
    runs: runs.length,
    sweepMs,
    allExpiredAfterDueMs,
    perDocumentMs: Math.round(perDocumentMs.guarded),
    perDocumentSample: PER_DOCUMENT_SAMPLE,
    ratio: Math.round((perDocumentMs.guarded / sweepMs) * 10) / 10,
    // without the sweep's guard on the status, which is what leaves a trial bought in the meantime alone
    byIdAloneMs: Math.round(perDocumentMs.byIdAlone),
    billingRssGrowthMb: after.billing.peakRssMb - before.billing.rssMb,
  };
}

/** 100,000 users exported in bounded memory; the expiry sweep against one update per document. */
async function bulk(portal) {
  const exported = await exportUsers(portal);
  const sweep = await sweepVersusPerDocument(portal);
  const worst = Math.max(...Object.values(exported.rssGrowthMb));
  return verdict(
    `${USERS.toLocaleString('en')} users exported; ${TRIALS.toLocaleString('en')} trials expired by the sweep`,
    [
      check(
        `the export streams every user`,
        exported.status === 200 && exported.rows >= USERS,
        `${exported.rows} rows in ${exported.seconds} s`,
      ),
      check(
        `no service's memory grows more than ${RSS_GROWTH_LIMIT_MB} MB while it runs`,
        worst <= RSS_GROWTH_LIMIT_MB,
        exported.rssGrowthMb,
      ),
      check(`billing's sweep expires all ${TRIALS.toLocaleString('en')} trials, each once`, sweep.expiredByRuns === TRIALS, {
        expiredByRuns: sweep.expiredByRuns,
        runs: sweep.runs,
        allExpiredAfterDueMs: sweep.allExpiredAfterDueMs,
      }),
      check(
        `billing's memory grows no more than ${RSS_GROWTH_LIMIT_MB} MB while it sweeps`,
        sweep.billingRssGrowthMb <= RSS_GROWTH_LIMIT_MB,
        {
          billing: sweep.billingRssGrowthMb,
        },
      ),
      check(`the sweep is at least 20× faster than one update per document`, sweep.ratio >= 20, {
        sweepMs: sweep.sweepMs,
        perDocumentMs: sweep.perDocumentMs,
        perDocumentSample: sweep.perDocumentSample,
        ratio: sweep.ratio,
        byIdAloneMs: sweep.byIdAloneMs,
      }),
    ],
    { export: exported, sweep },
  );
}

module.exports = { bulk };
