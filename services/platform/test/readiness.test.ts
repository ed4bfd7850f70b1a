import request from 'supertest';
import { connectMongo, createLogger, createServiceApp, mongoReadiness } from '@portal/platform';
import { startDisposableFerretDB, type DisposableFerretDB } from '../../../deploy/local/lib/ferretdb';

describe('/ready when the database goes away', () => {
  let ferret: DisposableFerretDB;

  afterAll(() => ferret?.remove());

  it('when its own FerretDB is stopped, then /ready turns from 200 to 503 naming mongodb', async () => {
    ferret = await startDisposableFerretDB();
    const connection = await connectMongo({ uri: ferret.uri, dbName: 'ready', serverSelectionTimeoutMS: 500 });
    const app = createServiceApp({
      name: 'example',
      logger: createLogger('example', 'silent'),
      readiness: [mongoReadiness(connection)],
      routes: () => undefined,
    });

    expect((await request(app).get('/ready')).status).toBe(200);

    await ferret.kill();
    const started = Date.now();
    const response = await request(app).get('/ready');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 'unavailable', checks: { mongodb: 'down' } });
    expect(Date.now() - started).toBeLessThan(2000);
    await connection.close(true);
  });
});
