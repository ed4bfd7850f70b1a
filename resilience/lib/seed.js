'use strict';
// Large amounts of data written straight into a service's database, as years of use would leave them.
const crypto = require('node:crypto');
const mongoose = require('mongoose');
// the keys auth stores beside a user for the admin's search, made as auth makes them
const { userSearchKeys } = require('../../services/auth/dist/accounts/data/user-search');

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

/** An ObjectId made at `at`, as one the driver made then would be (its first 4 bytes are the time). */
const objectIdAt = (at) =>
  new mongoose.Types.ObjectId(
    Math.floor(at.getTime() / 1000)
      .toString(16)
      .padStart(8, '0') + crypto.randomBytes(8).toString('hex'),
  );

/**
 * `count` directory entries of e-mail users, one a minute up to now, the newest last. The number
 * in the name is padded, so that no name starts another ("User 000099", "User 000990").
 */
const seededUser = (label, count) => (i) => {
  const at = new Date(Date.now() - (count - i) * 60_000);
  const user = { email: `${label}-${i}@seed.test`, firstName: 'Seeded', lastName: `User ${String(i).padStart(6, '0')}`, personalInfo: {} };
  return {
    _id: objectIdAt(at),
    ...user,
    ...userSearchKeys(user),
    picture: null,
    isGoogleUser: false,
    createdAt: at,
    updatedAt: at,
  };
};

module.exports = { withDatabase, insertMany, endedTrial, seededUser, objectIdAt };
