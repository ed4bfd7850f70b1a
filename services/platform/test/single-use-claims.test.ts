import type { Connection } from 'mongoose';
import { connectMongo, singleUseClaims, type SingleUseClaims } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';

describe('single-use claims on the real store', () => {
  let db: TestDatabase;
  // Four connections stand for four instances of a service: a claim must hold across them.
  let others: Connection[];
  let instances: SingleUseClaims[];
  beforeAll(async () => {
    db = await createTestDatabase('claims');
    others = await Promise.all([1, 2, 3].map(() => connectMongo({ uri: db.uri, dbName: db.dbName })));
    instances = [db.connection, ...others].map(singleUseClaims);
    await Promise.all(instances.map((claims) => claims.ready));
  });
  afterAll(async () => {
    await Promise.all(others.map((connection) => connection.close()));
    await db.drop();
  });

  it('when 20 callers on four connections claim one key at once, then exactly one wins, each round', async () => {
    for (let round = 0; round < 5; round++) {
      const key = `race:${round}`;
      const won = await Promise.all(Array.from({ length: 20 }, (_, i) => instances[i % 4]!.claim(key, `caller-${i}`)));
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await db.connection.collection('single_use_claims').countDocuments({ _id: key as never })).toBe(1);
    }
  });

  it('when a claim is released, then it can be claimed again once; forgotten and deleted claims go from the store', async () => {
    const claims = instances[0]!;
    expect(await claims.claim('reset:abc', 'user-1')).toBe(true);
    expect(await claims.claim('reset:abc', 'user-1')).toBe(false);
    await claims.release('reset:abc');
    const again = await Promise.all(Array.from({ length: 20 }, () => claims.claim('reset:abc', 'user-1')));
    expect(again.filter(Boolean)).toHaveLength(1);

    await claims.claim('refresh:s1:1', 'user-2');
    await claims.claim('refresh:s1:2', 'user-2');
    await claims.forget(['refresh:s1:1']);
    expect(await claims.claim('refresh:s1:1', 'user-2')).toBe(true);
    await claims.deleteForUser('user-2');
    const left = await db.connection.collection('single_use_claims').find({ owner: 'user-2' }).toArray();
    expect(left).toEqual([]);
    expect(await db.connection.collection('single_use_claims').countDocuments({ owner: 'user-1' })).toBe(1);
  });

  it('when work runs once under a claim, then a second caller is told it was claimed; work that fails gives the key back', async () => {
    const claims = instances[0]!;
    const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => claims.once('credit:o1', 'user-4', async () => i)));
    expect(runs.filter((run) => run.claimed)).toHaveLength(1);
    await expect(claims.once('credit:o2', 'user-4', () => Promise.reject(new Error('the save failed')))).rejects.toThrow('the save failed');
    expect(await claims.once('credit:o2', 'user-4', async () => 'retried')).toEqual({ claimed: true, value: 'retried' });
  });

  it('when a key is an operator object, then it is refused by the schema, not run as a query', async () => {
    const claims = instances[0]!;
    await expect(claims.claim({ $gt: '' } as unknown as string, 'user-3')).rejects.toThrow();
    await expect(claims.release({ $gt: '' } as unknown as string)).rejects.toThrow();
    expect(await db.connection.collection('single_use_claims').countDocuments({ owner: 'user-1' })).toBe(1);
  });
});
