import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { conflict, createLogger, createServiceApp, isDuplicateKeyError, mongoReadiness, redisReadiness, validate } from '@portal/platform';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@portal/platform/testing';

interface Item {
  code: string;
  label: string;
}

const itemBody = z.object({ code: z.string().min(1, 'Code is required'), label: z.string().max(20, 'Label is too long') });

function buildApp(connection: Connection, items: Model<Item>, redis: TestRedis['redis']) {
  return createServiceApp({
    name: 'example',
    logger: createLogger('example', 'silent'),
    bodyLimit: '1kb',
    readiness: [mongoReadiness(connection), redisReadiness(redis)],
    routes: (app) => {
      app.post('/items', validate('body', itemBody), async (req, res) => {
        try {
          const created = await items.create(req.body);
          res.status(201).json({ code: created.code, label: created.label });
        } catch (error) {
          if (isDuplicateKeyError(error)) throw conflict(`An item with code ${req.body.code} already exists`);
          throw error;
        }
      });
      const things = Router();
      things.get('/things/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      things.delete('/things/:id', (_req, res) => {
        res.status(204).end();
      });
      app.use(things);
      app.get('/boom', () => {
        throw new Error('secret internals');
      });
      app.get('/half-streamed', (_req, res, next) => {
        res.type('text/csv').write('first,row\r\n');
        setTimeout(() => next(new Error('the second page could not be read')), 10);
      });
    },
  });
}

describe('a service app on the real database', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let items: Model<Item>;
  let app: ReturnType<typeof buildApp>;

  beforeAll(async () => {
    db = await createTestDatabase('platform');
    redis = await createTestRedis('platform');
    items = db.connection.model<Item>('Item', new Schema<Item>({ code: { type: String, unique: true }, label: String }));
    await items.init();
    app = buildApp(db.connection, items, redis.redis);
  });
  afterAll(async () => {
    await db.drop();
    await redis.cleanup();
  });

  it('when a known path is asked with a method it does not take, then 405 naming the methods it takes; an unknown path is 404', async () => {
    const wrong = await request(app).put('/items').send({});
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.body).toMatchObject({ error: 'method_not_allowed', message: 'PUT is not allowed here; this path takes POST' });
    const routed = await request(app).post('/things/42');
    expect(routed.status).toBe(405);
    expect(routed.headers.allow).toBe('DELETE, GET, HEAD');
    expect((await request(app).get('/things/42')).body).toEqual({ id: '42' });
    expect((await request(app).post('/nowhere')).status).toBe(404);
  });

  it('when any answer is sent, then no cache may keep it, and no Strict-Transport-Security is sent over plain HTTP', async () => {
    const answer = await request(app).get('/things/1');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect((await request(app).get('/nowhere')).headers['cache-control']).toBe('no-store');
  });

  it('when an item is created, then it is stored and answered with 201', async () => {
    const response = await request(app).post('/items').send({ code: 'A1', label: 'first' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ code: 'A1', label: 'first' });
    expect(await items.countDocuments({ code: 'A1' })).toBe(1);
  });

  it('when the unique code is inserted twice, then the second answers 409 and nothing more is stored', async () => {
    await request(app).post('/items').send({ code: 'B1', label: 'one' }).expect(201);
    const response = await request(app).post('/items').send({ code: 'B1', label: 'two' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'conflict', message: 'An item with code B1 already exists', requestId: expect.any(String) });
    expect(await items.find({ code: 'B1' }).lean()).toHaveLength(1);
  });

  it('when the body breaks the contract, then 400 names the rule and nothing is stored', async () => {
    const response = await request(app).post('/items').send({ code: '', label: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('bad_request');
    expect(response.body.message).toBe('Code is required');
    expect(response.body.details).toEqual([{ path: 'code', message: 'Code is required' }]);
    expect(await items.countDocuments({ label: 'x' })).toBe(0);
  });

  it('when a value is an operator object instead of a string, then 400 and it never reaches the database', async () => {
    const response = await request(app)
      .post('/items')
      .send({ code: { $ne: null }, label: 'x' });
    expect(response.status).toBe(400);
    expect(await items.countDocuments({ label: 'x' })).toBe(0);
  });

  it('when the body is not JSON, then 400 with the shared error body', async () => {
    const response = await request(app).post('/items').set('Content-Type', 'application/json').send('{"code":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'bad_request', message: 'Request body is not valid JSON', requestId: expect.any(String) });
  });

  it('when the body is over the limit, then 413', async () => {
    const response = await request(app)
      .post('/items')
      .send({ code: 'C', label: 'x'.repeat(2000) });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('payload_too_large');
  });

  it('when a handler fails unexpectedly, then 500 without internals', async () => {
    const response = await request(app).get('/boom');
    expect(response.status).toBe(500);
    expect(response.body.message).toBe('Something went wrong on our side');
    expect(JSON.stringify(response.body)).not.toContain('secret internals');
  });

  it('when a path is unknown, then 404 with the error body and the request id echoed', async () => {
    const response = await request(app).get('/nope').set('x-request-id', 'abc-123');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found', message: 'No route for GET /nope', requestId: 'abc-123' });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('when a browser opens a failing link itself, then a page in the portal look says what happened and leads home; API clients still get JSON', async () => {
    const browser = await request(app)
      .get('/boom')
      .set('accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .set('x-request-id', 'page-1');
    expect(browser.status).toBe(500);
    expect(browser.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(browser.text).toContain('<h1>Something went wrong on our side</h1>');
    expect(browser.text).toContain('<a class="action" href="/">Go to the portal</a>');
    expect(browser.text).toContain('Reference: page-1');
    expect(browser.text).not.toContain('secret internals');
    for (const accept of ['application/json, text/plain, */*', '*/*']) {
      const client = await request(app).get('/boom').set('accept', accept);
      expect(client.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(client.body.message).toBe('Something went wrong on our side');
    }
  });

  it('when a browser opens an unknown download path, then the page leads back to the Download page and escapes the path', async () => {
    const response = await request(app).get("/api/download/x&y'z").set('accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<p>No route for GET /api/download/x&amp;y&#39;z</p>');
    expect(response.text).toContain('<a class="action" href="/download">Start the download again from the Download page</a>');
  });

  it('when a streamed answer fails half-way, then the connection is ended rather than left hanging', async () => {
    const started = Date.now();
    const answer = await request(app)
      .get('/half-streamed')
      .then(
        () => 'completed',
        (error: Error) => error.message,
      );
    expect(answer).toMatch(/aborted|socket hang up|ECONNRESET/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('when a request id is unsafe, then a fresh one replaces it', async () => {
    const response = await request(app).get('/nope').set('x-request-id', 'bad id <script>');
    expect(response.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the database and Redis answer, then /health and /ready are 200 and /metrics counts requests', async () => {
    expect((await request(app).get('/health')).body).toEqual({ status: 'ok', service: 'example' });
    const ready = await request(app).get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { mongodb: 'ok', redis: 'ok' } });
    const metrics = await request(app).get('/metrics');
    expect(metrics.text).toContain('http_request_duration_seconds_count{service="example",method="POST",route="/items",status="201"} 2');
  });
});
