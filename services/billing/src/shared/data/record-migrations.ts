import { paiseOf } from '@portal/contracts';
import type { Connection } from 'mongoose';

/** The collections whose records name their paying account, a person or a firm. */
export const ACCOUNT_COLLECTIONS = [
  'subscriptions',
  'subscription_periods',
  'transactions',
  'mandates',
  'refunds',
  'invoices',
  'credit_notes',
] as const;

/**
 * Renames the paying account's field of records written before firms had accounts of their own from `userId` to
 * `accountId`. It runs at every start, before the models are compiled: their indexes on
 * `accountId` (one unique) could not be built over records that still lack it. An index on the old
 * field goes first, as a unique one would refuse the renamed records. Nothing is left to do after
 * the first run but one query a collection; a record an older replica writes during a rolling
 * release is renamed at the next start.
 */
async function renameAccountIds(connection: Connection): Promise<Record<string, number>> {
  const renamed: Record<string, number> = {};
  const existing = new Set((await connection.db!.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name));
  for (const name of ACCOUNT_COLLECTIONS.filter((collection) => existing.has(collection))) {
    const collection = connection.db!.collection(name);
    for (const index of await collection.indexes()) {
      if (!index.name || !Object.keys(index.key).includes('userId')) continue;
      // another instance starting at the same moment may have dropped it first
      await collection.dropIndex(index.name).catch((error: { codeName?: string }) => {
        if (error.codeName !== 'IndexNotFound') throw error;
      });
    }
    const { modifiedCount } = await collection.updateMany({ userId: { $exists: true } }, { $rename: { userId: 'accountId' } });
    if (modifiedCount) renamed[name] = modifiedCount;
  }
  return renamed;
}

/**
 * Orders kept their amount twice, in rupees (`amount`) beside paise (`amountPaise`, on every order
 * since the first release). Paise alone are stored now; the rupees a person reads are computed.
 */
async function dropRupeeAmounts(connection: Connection): Promise<Record<string, number>> {
  const { modifiedCount } = await connection
    .db!.collection('transactions')
    .updateMany({ amount: { $exists: true } }, { $unset: { amount: '' } });
  return modifiedCount ? { 'transactions.amount': modifiedCount } : {};
}

/** The prices older releases kept in rupees, and the field each is kept in now, in paise. */
const RUPEE_PRICES = [
  { collection: 'plans', from: 'monthlyPrice', to: 'monthlyPricePaise' },
  { collection: 'subscriptions', from: 'planPrice', to: 'planPricePaise' },
  { collection: 'subscription_periods', from: 'monthlyPrice', to: 'monthlyPricePaise' },
] as const;

/**
 * Prices were whole rupees in the plans, the subscriptions and their periods; they are paise now,
 * like every other amount. Each record is converted once: the write asks that the rupees are still
 * there, so an instance starting at the same moment cannot multiply a price twice.
 */
async function pricesToPaise(connection: Connection): Promise<Record<string, number>> {
  const converted: Record<string, number> = {};
  for (const { collection: name, from, to } of RUPEE_PRICES) {
    const collection = connection.db!.collection(name);
    for (;;) {
      const batch = await collection
        .find({ [from]: { $exists: true } }, { projection: { [from]: 1 } })
        .limit(500)
        .toArray();
      if (!batch.length) break;
      const { modifiedCount } = await collection.bulkWrite(
        batch.map((record) => ({
          updateOne: {
            filter: { _id: record._id, [from]: { $exists: true } },
            update: { $set: { [to]: typeof record[from] === 'number' ? paiseOf(record[from]) : 0 }, $unset: { [from]: '' } },
          },
        })),
      );
      converted[`${name}.${to}`] = (converted[`${name}.${to}`] ?? 0) + modifiedCount;
    }
  }
  return Object.fromEntries(Object.entries(converted).filter(([, count]) => count > 0));
}

/** What the records of older releases need, run at every start before the models compile. */
export async function migrateStoredRecords(connection: Connection): Promise<Record<string, number>> {
  return { ...(await renameAccountIds(connection)), ...(await dropRupeeAmounts(connection)), ...(await pricesToPaise(connection)) };
}
