import { MongoClient } from 'mongodb';
import { startDisposableFerretDB, type DisposableFerretDB } from '../lib/ferretdb';

// The embedded store commits without waiting for the disk (SQLite's synchronous=NORMAL in WAL
// mode, docs/decisions/0076): a write it acknowledged must still be there after it is killed, as
// a MongoDB's is after its process dies.
describe('the embedded store keeps what it acknowledged when it is killed', () => {
  let ferret: DisposableFerretDB;

  beforeAll(async () => {
    ferret = await startDisposableFerretDB();
  });
  afterAll(() => ferret.remove());

  it('when 200 writes were acknowledged and FerretDB is killed, then after a restart each one is read back', async () => {
    const before = await MongoClient.connect(ferret.uri, { serverSelectionTimeoutMS: 5_000 });
    const orders = before.db('durability').collection<{ _id: string; amountPaise: number }>('orders');
    const written = Array.from({ length: 200 }, (_, i) => ({ _id: `TPP-DURABLE-${i}`, amountPaise: 49_900 + i }));
    await Promise.all(written.map((order) => orders.insertOne(order)));
    await orders.updateOne({ _id: 'TPP-DURABLE-7' }, { $set: { amountPaise: 1 } });
    await ferret.kill();
    await before.close(true);

    await ferret.restart();
    const after = await MongoClient.connect(ferret.uri, { serverSelectionTimeoutMS: 5_000 });
    try {
      const stored = await after.db('durability').collection('orders').find({}).sort({ _id: 1 }).toArray();
      const expected = written.map((order) => (order._id === 'TPP-DURABLE-7' ? { ...order, amountPaise: 1 } : order));
      expect(stored).toEqual(expected.sort((a, b) => a._id.localeCompare(b._id)));
    } finally {
      await after.close();
    }
  });
});
