'use strict';
// Large amounts of data written straight into a service's database, as years of use would leave them.
const mongoose = require('mongoose');

const BATCH = 5000;

async function withDatabase(portal, service, work) {
  const connection = await mongoose.createConnection(portal.db.uri, { dbName: `${portal.databasePrefix}${service}` }).asPromise();
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** `count` documents made by `make(i)`, inserted in batches. */
async function insertMany(collection, count, make) {
  for (let from = 0; from < count; from += BATCH) {
    const docs = [];
    for (let i = from; i < Math.min(count, from + BATCH); i++) docs.push(make(i));
    await collection.insertMany(docs, { ordered: false });
  }
}

/** Trials that ended yesterday (or end at `end`), waiting for the expiry sweep. */
const endedTrial =
  (label, end = new Date(Date.now() - 86_400_000)) =>
  (i) => ({
    userId: `${label}-${i}`,
    email: `${label}-${i}@seed.test`,
    status: 'trial',
    plan: 'none',
    billingPeriod: null,
    planPrice: 0,
    trialStart: new Date(end.getTime() - 30 * 86_400_000),
    trialEnd: end,
    hasUsedTrial: true,
    subscriptionStartDate: null,
    subscriptionEndDate: null,
    creditedOrderIds: [],
    remindersSent: ['trial-3d', 'trial-1d'],
    createdAt: end,
    updatedAt: end,
  });

module.exports = { withDatabase, insertMany, endedTrial };
