import { Types } from 'mongoose';
import type { Collection, Document } from 'mongodb';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';

// The embedded store's pushdown patch (deploy/local/lib/ferretdb-pushdown.patch) hands sorts,
// skips, limits, lookups and counts to SQLite's indexes. Whatever SQLite answers, the results must
// be MongoDB's: these run against the test database (the patched FerretDB under `npm test`,
// MongoDB where MONGODB_URI names one) through the driver, as the services' queries reach it.
describe('the embedded store answers from its indexes as MongoDB would', () => {
  let database: TestDatabase;
  let users: Collection<Document>;
  let subscriptions: Collection<Document>;
  const ids: Types.ObjectId[] = Array.from({ length: 300 }, () => new Types.ObjectId());
  const newestFirst = [...ids].reverse().map(String);

  beforeAll(async () => {
    database = await createTestDatabase('pushdown');
    const db = database.connection.db!;
    users = db.collection('users');
    subscriptions = db.collection('subscriptions');
    await users.createIndex({ createdAt: -1, _id: -1 });
    await subscriptions.createIndex({ userId: 1 });
    await users.insertMany(ids.map((_id, i) => ({ _id, email: `u${i}@pushdown.test`, createdAt: new Date(1.7e12 + i * 60_000) })));
    await subscriptions.insertMany(ids.map((id, i) => ({ userId: String(id), plan: ['basic', 'pro', 'business'][i % 3] })));
    // a field holding a list matches a value the list holds, and must not be lost to the index
    await subscriptions.insertOne({ userId: ['someone-else', String(ids[5])], plan: 'shared' });
    await subscriptions.insertOne({ userId: 42, plan: 'numeric' });
  });
  afterAll(() => database.drop());

  const page = (skip: number, limit: number, direction: 1 | -1 = -1) =>
    users.find({}).sort({ _id: direction }).skip(skip).limit(limit).toArray();

  it('when a list is read newest first by _id, then the first, a middle and the last page are MongoDB’s', async () => {
    expect((await page(0, 50)).map((user) => String(user._id))).toEqual(newestFirst.slice(0, 50));
    expect((await page(150, 50)).map((user) => String(user._id))).toEqual(newestFirst.slice(150, 200));
    expect((await page(280, 50)).map((user) => String(user._id))).toEqual(newestFirst.slice(280));
    expect(await page(300, 50)).toEqual([]);
    expect((await page(0, 3, 1)).map((user) => String(user._id))).toEqual(ids.slice(0, 3).map(String));
    expect((await users.find({}).sort({ _id: -1 }).skip(295).toArray()).map((user) => String(user._id))).toEqual(newestFirst.slice(295));
  });

  it('when a page is filtered, then the filter still holds (only an unfiltered list is paged in SQL)', async () => {
    const filtered = await users
      .find({ email: { $regex: '^u1' } })
      .sort({ _id: -1 })
      .limit(5)
      .toArray();
    expect(filtered.map((user) => user.email)).toEqual([
      'u199@pushdown.test',
      'u198@pushdown.test',
      'u197@pushdown.test',
      'u196@pushdown.test',
      'u195@pushdown.test',
    ]);
  });

  it('when subscriptions are looked up by user, then each one, a list, and the lists holding the user are found', async () => {
    const wanted = ids.slice(10, 60).map(String);
    const found = await subscriptions.find({ userId: { $in: wanted } }).toArray();
    expect(found.map((subscription) => subscription.userId).sort()).toEqual([...wanted].sort());
    const one = await subscriptions.find({ userId: String(ids[5]) }).toArray();
    expect(one.map((subscription) => subscription.plan).sort()).toEqual(['business', 'shared']);
    expect(await subscriptions.countDocuments({ userId: { $in: [String(ids[5]), 'nobody'] } })).toBe(2);
    expect(await subscriptions.find({ userId: 42 }).toArray()).toHaveLength(1);
  });

  it('when a lookup also names another field, then both must hold', async () => {
    expect(await subscriptions.find({ userId: String(ids[7]), plan: 'pro' }).toArray()).toHaveLength(1);
    expect(await subscriptions.find({ userId: String(ids[7]), plan: 'basic' }).toArray()).toHaveLength(0);
    expect(await users.find({ _id: { $in: [ids[1]!, ids[2]!, new Types.ObjectId()] } }).toArray()).toHaveLength(2);
  });

  it('when a whole collection is counted, then the count follows inserts and deletes, and a missing collection counts 0', async () => {
    expect(await users.estimatedDocumentCount()).toBe(300);
    await users.deleteOne({ _id: ids[299] });
    expect(await users.estimatedDocumentCount()).toBe(299);
    await users.insertOne({ _id: ids[299], email: 'back@pushdown.test', createdAt: new Date() });
    expect(await users.estimatedDocumentCount()).toBe(300);
    expect(await database.connection.db!.collection('never-written').estimatedDocumentCount()).toBe(0);
  });
});
