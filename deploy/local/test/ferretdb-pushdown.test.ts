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

  it('when a page is filtered, then the filter holds, whether SQL pages it (a prefix) or the handler does', async () => {
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

  /** Whether a find reads an index: SQLite's plan here, MongoDB's where MONGODB_URI names one. */
  const readsIndex = async (filter: Document) =>
    /USING INDEX|IXSCAN/.test(JSON.stringify((await subscriptions.find(filter).explain()).queryPlanner));

  it('when a lookup is written with $eq, as the services write it, then it reads the field’s index as the bare value does, and finds the same', async () => {
    const id = String(ids[5]);
    expect(await readsIndex({ userId: { $eq: id } })).toBe(true);
    expect(await readsIndex({ userId: id })).toBe(true);
    expect(await readsIndex({ plan: 'pro' })).toBe(false);
    const plans = async (filter: Document) => (await subscriptions.find(filter).toArray()).map((subscription) => subscription.plan).sort();
    expect(await plans({ userId: { $eq: id } })).toEqual(['business', 'shared']);
    expect(await plans({ userId: { $eq: 42 } })).toEqual(['numeric']);
    // a value that looks like an operator is a value: no subscription's user is that document
    expect(await plans({ userId: { $eq: { $in: [id] } } })).toEqual([]);
  });

  it('when a lookup also names another field, then both must hold', async () => {
    expect(await subscriptions.find({ userId: String(ids[7]), plan: 'pro' }).toArray()).toHaveLength(1);
    expect(await subscriptions.find({ userId: String(ids[7]), plan: 'basic' }).toArray()).toHaveLength(0);
    expect(await users.find({ _id: { $in: [ids[1]!, ids[2]!, new Types.ObjectId()] } }).toArray()).toHaveLength(2);
  });

  // (A string _id that sorts inside an ObjectId range is counted in it here, unlike MongoDB: the
  // patch's IsExactPushdown says why; the services' collections hold one type of _id each.)
  describe('a period read by the time its ids hold', () => {
    let orders: Collection<Document>;
    // one order a minute; the ids carry their minute, as the driver's would
    const at = (minute: number) => new Types.ObjectId(Types.ObjectId.generate(1_700_000_000 + minute * 60));
    const orderIds = Array.from({ length: 200 }, (_, minute) => at(minute));
    const between = (from: number, to: number) => ({
      _id: { $gte: Types.ObjectId.createFromTime(1_700_000_000 + from * 60), $lt: Types.ObjectId.createFromTime(1_700_000_000 + to * 60) },
    });

    beforeAll(async () => {
      orders = database.connection.db!.collection('orders');
      await orders.insertMany(orderIds.map((_id, minute) => ({ _id, minute })));
    });

    const minutes = (docs: Document[]) => docs.map((doc) => doc.minute as number);
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

    it('when a period is paged newest first, then each page, the count and the empty ends are MongoDB’s', async () => {
      const page = (skip: number, limit: number) => orders.find(between(20, 120)).sort({ _id: -1 }).skip(skip).limit(limit).toArray();
      expect(minutes(await page(0, 30))).toEqual(range(90, 120).reverse());
      expect(minutes(await page(90, 30))).toEqual(range(20, 30).reverse());
      expect(await page(100, 30)).toEqual([]);
      expect(await orders.countDocuments(between(20, 120))).toBe(100);
      expect(await orders.countDocuments(between(300, 400))).toBe(0);
      expect(await orders.countDocuments({})).toBe(200);
      const lte = { _id: { $gt: orderIds[10]!, $lte: orderIds[12]! } };
      expect(minutes(await orders.find(lte).sort({ _id: 1 }).toArray())).toEqual([11, 12]);
      expect(await orders.countDocuments(lte)).toBe(2);
    });

    it('when a period is narrowed by another field too, then both hold, in order, with the count', async () => {
      const filter = { ...between(0, 200), minute: { $in: [3, 5, 150] } };
      expect(minutes(await orders.find(filter).sort({ _id: -1 }).toArray())).toEqual([150, 5, 3]);
      expect(minutes(await orders.find(filter).sort({ _id: -1 }).skip(1).limit(1).toArray())).toEqual([5]);
      expect(await orders.countDocuments(filter)).toBe(3);
      expect(await orders.countDocuments(between(0, 200), { limit: 5 })).toBe(5);
    });
  });

  describe('a search by the start of a text', () => {
    let people: Collection<Document>;

    beforeAll(async () => {
      people = database.connection.db!.collection('people');
      await people.createIndex({ name: 1 });
      await people.createIndex({ city: 1 });
      await people.insertMany([
        { _id: new Types.ObjectId(), name: 'asha rao', city: 'pune' },
        { _id: new Types.ObjectId(), name: 'asha', city: 'mumbai' },
        { _id: new Types.ObjectId(), name: 'ashok "the boss" iyer', city: 'chennai' },
        { _id: new Types.ObjectId(), name: 'ash & co <llp>', city: 'delhi' },
        { _id: new Types.ObjectId(), name: ['ravi', 'ashwin'], city: 'kochi' },
        { _id: new Types.ObjectId(), name: 'Asha Upper', city: 'asansol' },
        { _id: new Types.ObjectId(), name: 'निशा शर्मा', city: 'नागपुर' },
        { _id: new Types.ObjectId(), name: 42, city: 'ashgabat' },
        { _id: new Types.ObjectId(), name: 'prakash', city: 'surat' },
      ]);
    });

    const names = async (filter: Document) => (await people.find(filter).sort({ _id: -1 }).toArray()).map((p) => p.city as string).sort();

    it('when a prefix is asked, then every text that starts with it is found, quotes, ampersands and lists too, and case counts', async () => {
      expect(await names({ name: { $regex: '^ash' } })).toEqual(['chennai', 'delhi', 'kochi', 'mumbai', 'pune']);
      expect(await names({ name: /^asha/ })).toEqual(['mumbai', 'pune']);
      expect(await names({ name: { $regex: '^asha r' } })).toEqual(['pune']);
      expect(await names({ name: { $regex: '^Asha' } })).toEqual(['asansol']);
      expect(await names({ name: { $regex: '^asha', $options: 'i' } })).toEqual(['asansol', 'mumbai', 'pune']);
      expect(await names({ name: { $regex: '^नि' } })).toEqual(['नागपुर']);
      expect(await names({ name: { $regex: '^ash \& co' } })).toEqual(['delhi']);
      expect(await names({ name: { $regex: '^ash.' } })).toEqual(['chennai', 'delhi', 'kochi', 'mumbai', 'pune']);
      expect(await names({ name: { $regex: 'kash' } })).toEqual(['surat']);
    });

    it('when a prefix is counted, then only texts count: an ObjectId that reads the same does not, a list holding a match does', async () => {
      const codes = database.connection.db!.collection('codes');
      await codes.createIndex({ code: 1 });
      await codes.insertMany([
        { code: 'ab12' },
        { code: new Types.ObjectId(`ab12${'0'.repeat(20)}`) },
        { code: ['x', 'ab1'] },
        { code: ['x', new Types.ObjectId(`ab1${'0'.repeat(21)}`)] },
        { code: 'ab' },
        { code: 'xab1' },
      ]);
      expect(await codes.countDocuments({ code: { $regex: '^ab1' } })).toBe(2);
      const found = await codes
        .find({ code: { $regex: '^ab1' } })
        .sort({ _id: -1 })
        .toArray();
      expect(found.map((doc) => doc.code)).toEqual([['x', 'ab1'], 'ab12']);
      expect(
        await codes
          .find({ code: { $regex: '^ab1' } })
          .sort({ _id: -1 })
          .skip(1)
          .limit(5)
          .toArray(),
      ).toHaveLength(1);
    });

    it('when any of several prefixes may match, then each person is found once, and an unindexable branch still counts', async () => {
      const either = { $or: [{ name: { $regex: '^asha' } }, { city: { $regex: '^ash' } }] };
      expect(await names(either)).toEqual(['ashgabat', 'mumbai', 'pune']);
      expect(await people.countDocuments(either)).toBe(3);
      const withScan = { $or: [{ name: { $regex: '^asha' } }, { city: { $regex: 'rat$' } }] };
      expect(await names(withScan)).toEqual(['mumbai', 'pune', 'surat']);
      expect(await people.find(either).sort({ _id: -1 }).skip(1).limit(1).toArray()).toHaveLength(1);
    });
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
