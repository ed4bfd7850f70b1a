'use strict';
const { performance } = require('node:perf_hooks');
const mongoose = require('mongoose');
const { sampleProcesses } = require('../lib/process-usage');
const { endedTrial, insertMany, withDatabase } = require('../lib/seed');
const { check, verdict } = require('../lib/verdict');

const USERS = 100_000;
const RSS_GROWTH_LIMIT_MB = 100;
/** Where both sweeps finish on the embedded store: see the size curve below. */
const SWEEP_DOCS = 1_000;

const seededUser = (i) => {
  const at = new Date(Date.now() - (USERS - i) * 60_000);
  return {
    _id: new mongoose.Types.ObjectId(),
    email: `bulk-${i}@seed.test`,
    firstName: 'Bulk',
    lastName: `User ${i}`,
    picture: null,
    isGoogleUser: false,
    personalInfo: {},
    createdAt: at,
    updatedAt: at,
  };
};

/** The admin's user export of 100,000 users, streamed: time, rows, and each service's memory growth. */
async function exportUsers(portal) {
  await withDatabase(portal, 'auth', (db) => insertMany(db.collection('users'), USERS, seededUser));
  const login = await fetch(`${portal.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(portal.admin),
  }).then((response) => response.json());
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

/** Ends trials the sweep's way (one update for all) and one update per document, on equal collections. */
async function sweepVersusPerDocument(portal) {
  return withDatabase(portal, 'billing', async (db) => {
    const due = () => ({ status: 'trial', trialEnd: { $ne: null, $lte: new Date() } });
    const timed = async (work) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const bulk = db.collection('sweep_bulk');
    const single = db.collection('sweep_single');
    await insertMany(bulk, SWEEP_DOCS, endedTrial('bulk'));
    await insertMany(single, SWEEP_DOCS, endedTrial('single'));
    const sweepMs = await timed(() => bulk.updateMany(due(), { $set: { status: 'expired' } }));
    const perDocumentMs = await timed(async () => {
      for (const { _id } of await single.find(due(), { projection: { _id: 1 } }).toArray()) {
        await single.updateOne({ _id, status: 'trial' }, { $set: { status: 'expired' } });
      }
    });
    // what one update costs as the collection grows: flat on MongoDB, growing on the embedded store
    const curve = {};
    for (const size of [1_000, 4_000]) {
      const sized = db.collection(`sweep_curve_${size}`);
      await insertMany(sized, size, endedTrial(`curve${size}`));
      const one = await sized.findOne({});
      curve[size] = Math.round(await timed(() => sized.updateOne({ _id: one._id }, { $set: { status: 'expired' } })));
      await sized.drop();
    }
    await bulk.drop();
    await single.drop();
    return {
      docs: SWEEP_DOCS,
      sweepMs: Math.round(sweepMs),
      perDocumentMs: Math.round(perDocumentMs),
      ratio: Math.round((perDocumentMs / sweepMs) * 10) / 10,
      msPerUpdateBySize: curve,
    };
  });
}

/** 100,000 users exported in bounded memory; the expiry sweep against one update per document. */
async function bulk(portal) {
  const exported = await exportUsers(portal);
  const sweep = await sweepVersusPerDocument(portal);
  const worst = Math.max(...Object.values(exported.rssGrowthMb));
  return verdict(
    `${USERS.toLocaleString('en')} users exported; the expiry sweep against one update per document`,
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
      check(`the sweep is at least 20× faster than one update per document (${SWEEP_DOCS} each)`, sweep.ratio >= 20, {
        sweepMs: sweep.sweepMs,
        perDocumentMs: sweep.perDocumentMs,
        ratio: sweep.ratio,
        msPerUpdateBySize: sweep.msPerUpdateBySize,
      }),
    ],
    { export: exported, sweep },
  );
}

module.exports = { bulk };
