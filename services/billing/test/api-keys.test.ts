import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import request from 'supertest';
import { API_KEY_LIMITS, API_KEY_MESSAGES, EVENT_QUEUES, SECURITY_RECORDED, type ApiKeyScope, type SecurityEvent } from '@portal/contracts';
import { apiKeyEntryKey, hashApiKey, revokedApiKeyKey } from '@portal/platform';
import { queuedEvents } from '@portal/platform/testing';
import { ROUTE_TABLE } from '../../../gateway/src/routing/route-table';
import { MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

/** Read-only API keys at billing: checked in Redis as auth leaves them, by scope, counted per key, named in the security log. */
describe('read-only API keys on billing’s reads', () => {
  let billing: BillingHarness;
  let redis: Redis;
  beforeAll(async () => {
    billing = await startBilling('api-keys');
    billing.phonepe.setRefundOutcome('COMPLETED');
    redis = new Redis(billing.redis.url);
  });
  afterAll(async () => {
    redis?.disconnect();
    await billing?.close();
  });

  /** A key as auth makes it: `tpk_`, its id and secret; only its hash and owner are written to Redis. */
  async function keyFor(userId: string, email: string, scopes: ApiKeyScope[]) {
    const id = randomBytes(8).toString('hex');
    const key = `tpk_${id}_${randomBytes(32).toString('base64url')}`;
    await redis.set(apiKeyEntryKey(billing.redis.prefix, id), JSON.stringify({ hash: hashApiKey(key), userId, email, scopes }));
    return { id, key };
  }
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('when a key reads what its scopes allow, then it gets the owner’s plan, history, invoice and PCs; another scope is 403 and no write opens', async () => {
    const userId = newUserId();
    const email = `books.${userId}@example.in`;
    const token = billing.addUser(userId, email);
    await request(billing.url).put('/api/billing/profile').set(as(token)).send(MAHARASHTRA_FIRM).expect(200);
    const order = await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(as(token))
      .send({ plan: 'professional', billingPeriod: 'annual' })
      .expect(201);
    await billing.phonepe.settle(order.body.merchantOrderId, 'success');
    const orderId = order.body.merchantOrderId as string;

    const plans = await keyFor(userId, email, ['subscriptions']);
    const books = await keyFor(userId, email, ['invoices', 'devices']);
    const status = await request(billing.url).get('/api/subscription-status').set(as(plans.key)).expect(200);
    expect(status.body).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional' });
    await request(billing.url).get('/api/subscription/periods').set(as(plans.key)).expect(200);
    // the same person's key without the invoices scope
    for (const path of ['/api/billing/history', `/api/billing/invoices/${orderId}`, '/api/licenses/devices']) {
      const refused = await request(billing.url).get(path).set(as(plans.key));
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, API_KEY_MESSAGES.scopeRefused]);
    }
    const history = await request(billing.url).get('/api/billing/history').set(as(books.key)).expect(200);
    expect(history.body.payments).toEqual([expect.objectContaining({ merchantOrderId: orderId, status: 'completed' })]);
    const invoice = await request(billing.url).get(`/api/billing/invoices/${orderId}`).set(as(books.key)).expect(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect((await request(billing.url).get('/api/licenses/devices').set(as(books.key)).expect(200)).body).toEqual({ devices: [] });
    await request(billing.url).get('/api/subscription-status').set(as(books.key)).expect(403);

    // a key changes nothing: every other call takes a person's token only
    await request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set(as(books.key))
      .send({ plan: 'basic', billingPeriod: 'monthly' })
      .expect(401);
    await request(billing.url).put('/api/billing/profile').set(as(books.key)).send(MAHARASHTRA_FIRM).expect(401);
    await request(billing.url).get('/api/billing/profile').set(as(books.key)).expect(401);
  });

  it('when a key is revoked, unknown, forged or malformed, then it is refused 401; its owner’s token still works', async () => {
    const userId = newUserId();
    const email = `revoked.${userId}@example.in`;
    const token = billing.addUser(userId, email);
    const { id, key } = await keyFor(userId, email, ['subscriptions']);
    await request(billing.url).get('/api/subscription-status').set(as(key)).expect(200);
    await redis.multi().set(revokedApiKeyKey(billing.redis.prefix, id), '1').del(apiKeyEntryKey(billing.redis.prefix, id)).exec();
    const forged = `${key.slice(0, -4)}AAAA`;
    const other = await keyFor(userId, email, ['subscriptions']);
    for (const bad of [key, `tpk_${'0'.repeat(16)}_${'A'.repeat(43)}`, 'tpk_short', `${other.key.slice(0, -4)}AAAA`, forged]) {
      const refused = await request(billing.url).get('/api/subscription-status').set(as(bad));
      expect([refused.status, refused.body.message]).toEqual([401, API_KEY_MESSAGES.invalid]);
    }
    await request(billing.url).get('/api/subscription-status').set(as(token)).expect(200);
  });

  it('when a key makes more than its calls a minute, then the next is 429 with Retry-After; its use is named in the security log once', async () => {
    const userId = newUserId();
    const email = `busy.${userId}@example.in`;
    billing.addUser(userId, email);
    const { id, key } = await keyFor(userId, email, ['devices']);
    // billing's clock, held inside one minute: every call is counted in the same minute's window
    billing.clock.now = new Date('2026-11-30T06:15:20.000Z');
    const statuses: number[] = [];
    for (let index = 0; index < API_KEY_LIMITS.callsPerMinute; index += 20) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async () => (await request(billing.url).get('/api/licenses/devices').set(as(key))).status),
        )),
      );
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_KEY_LIMITS.callsPerMinute);
    const limited = await request(billing.url).get('/api/licenses/devices').set(as(key));
    expect([limited.status, limited.body.message]).toEqual([429, API_KEY_MESSAGES.tooManyCalls]);
    expect(limited.headers['retry-after']).toBe('40');
    const used = (await queuedEvents<SecurityEvent>(billing.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED)).filter(
      (event) => event.kind === 'api-key' && (event.details as { keyId?: string } | undefined)?.keyId === id,
    );
    expect(used).toEqual([
      expect.objectContaining({
        outcome: 'success',
        reason: 'used',
        subject: { type: 'user', id: userId, label: email },
        details: { keyId: id, scope: 'devices' },
      }),
    ]);
  });

  it('when the OpenAPI document is read, then a third-party validator accepts it and it lists exactly the calls a key opens', async () => {
    const document = (await request(billing.url).get('/api/openapi.json').expect(200)).body;
    // @seriousme/openapi-schema-validator (the specification's own JSON Schemas) is ESM only: run apart
    const script = `import { Validator } from '@seriousme/openapi-schema-validator';
      const result = await new Validator().validate(JSON.parse(process.argv[1]));
      console.log(JSON.stringify(result));`;
    const verdict = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(document)], { encoding: 'utf8' }),
    );
    expect(verdict).toEqual({ valid: true });
    const documented = Object.keys(document.paths)
      .map((path) => path.replace(/\{\w+\}/g, ':id'))
      .sort();
    const opened = ROUTE_TABLE.filter((rule) => rule.apiKey)
      .map((rule) => rule.pattern)
      .sort();
    expect(documented).toEqual(opened);
  });
});
