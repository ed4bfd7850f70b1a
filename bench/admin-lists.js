'use strict';
// The admin's lists through the gateway, on the embedded store: each operation timed with 1,000
// customers (users and payments, a feedback item for every tenth user), then again once the data
// has grown to 100,000, in the same run. Goal: each at most twice its time at 1,000. Each
// operation answers the same rows at both sizes (a page, the customer searched for, the
// payments of a period, covered at both sizes), so the two times compare the same work.
const crypto = require('node:crypto');
const mongoose = require('mongoose');
const { insertMany, objectIdAt, seededUser, withDatabase } = require('../resilience/lib/seed');
const { fmt } = require('./lib');
const { signInAdmin } = require('../deploy/local/lib/admin-sign-in');

const SMALL = 1_000;
const LARGE = 100_000;
const GOAL_RATIO = 2;
const CALLS = 5;
const DAY = 86_400_000;

const isoDay = (at) => new Date(at).toISOString().slice(0, 10);

/**
 * Payment `k` of the 100,000, one every 2.5 minutes back from now (about 170 days). Every size
 * covers the same months, more densely as it grows (1,000 are every hundredth), so the date
 * filters find a full page at each size.
 */
const seededPayment = (k) => {
  const at = new Date(Date.now() - k * 150_000);
  return {
    _id: objectIdAt(at),
    merchantOrderId: `lists-${k}-${crypto.randomBytes(3).toString('hex')}`,
    userId: null,
    userEmail: `lists-${k}@seed.test`,
    plan: 'professional',
    billingPeriod: 'monthly',
    amount: 999,
    amountPaise: 99_900,
    status: 'completed',
    credited: true,
    expireAt: at,
    completedAt: at,
    createdAt: at,
    updatedAt: at,
  };
};
const paymentsAt = (customers) => (k) => k % (LARGE / customers) === 0;

const seededFeedback = (count) => (i) => {
  const at = new Date(Date.now() - (count - i) * 600_000);
  return {
    _id: objectIdAt(at),
    userId: String(new mongoose.Types.ObjectId()),
    userEmail: `lists-${i * 10}@seed.test`,
    type: 'bug',
    component: 'search',
    message: `Seeded feedback ${i}`,
    status: 'open',
    timestamp: at,
    createdAt: at,
    updatedAt: at,
  };
};

/** Writes the seeded data from `from` up to `to` customers, in the order they would have arrived. */
async function grow(portal, from, to) {
  const startingAt = (make, start) => (i) => make(start + i);
  await withDatabase(portal, 'auth', (db) => insertMany(db.collection('users'), to - from, startingAt(seededUser('lists', LARGE), from)));
  const added = Array.from({ length: LARGE }, (_, k) => k).filter((k) => paymentsAt(to)(k) && !(from && paymentsAt(from)(k)));
  await withDatabase(portal, 'billing', (db) => insertMany(db.collection('transactions'), added.length, (i) => seededPayment(added[i])));
  await withDatabase(portal, 'feedback', (db) =>
    insertMany(db.collection('feedback'), (to - from) / 10, startingAt(seededFeedback(LARGE / 10), from / 10)),
  );
}

function operations(customers) {
  const lastPage = Math.ceil(customers / 50);
  const today = Date.now();
  return [
    ['users tab, first page', '/api/admin/users?page=1&limit=50'],
    ['users tab, middle page', `/api/admin/users?page=${Math.ceil(lastPage / 2)}&limit=50`],
    ['users tab, last page', `/api/admin/users?page=${lastPage}&limit=50`],
    // the start of one customer's e-mail and name, who is there at both sizes
    ['users search by e-mail prefix', '/api/admin/users?search=lists-990%40se&limit=50'],
    ['users search by full name', '/api/admin/users?search=Seeded%20User%20000990&limit=50'],
    ['transactions tab, default page (30 days)', `/api/admin/transactions?startDate=${isoDay(today - 29 * DAY)}&endDate=${isoDay(today)}`],
    ['transactions, a 7-day range', `/api/admin/transactions?startDate=${isoDay(today - 13 * DAY)}&endDate=${isoDay(today - 7 * DAY)}`],
    ['feedback tab', '/api/admin/feedback?limit=100'],
  ];
}

async function timeEach(portalUrl, token, customers) {
  const times = new Map();
  for (const [name, path] of operations(customers)) {
    const samples = [];
    for (let call = 0; call < CALLS; call++) {
      const started = performance.now();
      const response = await fetch(`${portalUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      // an answer other than the list (the gateway's 504 after 10 s) is a miss, not a time
      if (response.status !== 200) {
        samples.length = 0;
        times.set(name, { failed: response.status });
        break;
      }
      samples.push(performance.now() - started);
    }
    if (samples.length) times.set(name, { ms: samples.sort((a, b) => a - b)[Math.floor(CALLS / 2)] });
  }
  return times;
}

/** `portal` from startScratchPortal({ admin }); `admin` its credentials. */
async function adminLists(portal, admin) {
  const { token } = await signInAdmin(portal.url, admin);
  await grow(portal, 0, SMALL);
  const small = await timeEach(portal.url, token, SMALL);
  await grow(portal, SMALL, LARGE);
  const large = await timeEach(portal.url, token, LARGE);
  const shown = (time) => (time.ms === undefined ? `answered ${time.failed}` : `${fmt(time.ms, 0)} ms`);
  return [...small].map(([name, at1k]) => {
    const at100k = large.get(name);
    const ratio = at100k.ms !== undefined && at1k.ms !== undefined ? at100k.ms / at1k.ms : Infinity;
    const value = Number.isFinite(ratio) ? fmt(ratio) : 'failed';
    return [`${name}: ${shown(at1k)} → ${shown(at100k)} (100,000 / 1,000)`, value, `<= ${GOAL_RATIO}`, ratio <= GOAL_RATIO];
  });
}

module.exports = { adminLists };
