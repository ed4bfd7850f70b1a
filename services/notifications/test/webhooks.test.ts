import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { EVENT_QUEUES, TOKEN_AUDIENCE, WEBHOOK_MESSAGES, type WebhookEventType } from '@portal/contracts';
import { ACCOUNT_EVENT, type AccountEvent } from '@portal/contracts/internal';
import {
  signAdminTestToken,
  signTestToken,
  startWebhookReceiver as startReceiver,
  verifiedWebhook as verified,
} from '@portal/platform/testing';
import { startNotificationsService, until, type NotificationsService as Service } from './notifications-harness';

const ASHA = '64b7f0c2a1b2c3d4e5f60731';
const OTHER = '64b7f0c2a1b2c3d4e5f60732';
const DAY_MS = 24 * 3600_000;

describe('notifications: webhooks to the Standard Webhooks specification, signed, retried by the schedule and logged', () => {
  let service: Service;
  let strict: Service;
  let token: string;
  let offsetMs = 0;
  let frozenAt: number | null = null;
  let events: Queue;
  let connection: Redis;
  const as = () => ({ Authorization: `Bearer ${token}` });
  const register = async (url: string, types: WebhookEventType[] = ['payment.completed', 'invoice.issued']) =>
    (await request(service.app).post('/api/webhooks/endpoints').set(as()).send({ url, events: types }).expect(201)).body as {
      id: string;
      secret: string;
    };
  const publish = (event: Partial<AccountEvent> & Pick<AccountEvent, 'key' | 'type'>) =>
    events.add(ACCOUNT_EVENT, { userId: ASHA, firmId: null, occurredAt: new Date().toISOString(), data: { orderId: 'ORD-1' }, ...event });
  const log = async (endpointId: string) =>
    (await request(service.app).get(`/api/webhooks/endpoints/${endpointId}/deliveries`).set(as()).expect(200)).body.deliveries as {
      id: string;
      type: string;
      state: string;
      attempts: number;
      lastStatus: number | null;
    }[];
  const endpoint = async (id: string) =>
    (
      (await request(service.app).get('/api/webhooks/endpoints').set(as()).expect(200)).body.endpoints as {
        id: string;
        disabled: { reason: string } | null;
      }[]
    ).find((each) => each.id === id);

  beforeAll(async () => {
    // a thousandth of the schedule: tries at once, then after 5 ms, 300 ms, 1.8 s, 7.2 s…
    service = await startNotificationsService('webhooks', '1', {
      settings: { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCALE: '0.001' },
      overrides: { now: () => new Date(frozenAt ?? Date.now() + offsetMs) },
    });
    strict = await startNotificationsService('webhooks_strict', '1');
    token = signTestToken(service.keys.privateKey, TOKEN_AUDIENCE.user, { sub: ASHA, email: 'asha@example.in' });
    connection = new Redis(service.redis.url, { maxRetriesPerRequest: null });
    events = new Queue(EVENT_QUEUES.webhooks, { connection, prefix: `${service.redis.prefix}bull` });
  });
  // each test's endpoints go with it: a later test's events would otherwise be tried, and fail, at their closed receivers
  afterEach(async () => {
    for (const person of [ASHA, OTHER]) {
      const owner = {
        Authorization: `Bearer ${signTestToken(service.keys.privateKey, TOKEN_AUDIENCE.user, { sub: person, email: 'x@example.in' })}`,
      };
      const { endpoints } = (await request(service.app).get('/api/webhooks/endpoints').set(owner).expect(200)).body as {
        endpoints: { id: string }[];
      };
      for (const { id } of endpoints) await request(service.app).delete(`/api/webhooks/endpoints/${id}`).set(owner).expect(204);
    }
  });
  afterAll(async () => {
    await events?.close();
    connection?.disconnect();
    await Promise.all([service?.close(), strict?.close()]);
  });

  it('when an event is published twice, then each endpoint that takes it gets it once, verified by the standardwebhooks package; others get nothing', async () => {
    const receiver = await startReceiver();
    const other = await startReceiver();
    const { id, secret } = await register(receiver.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // the secret is shown once: the list never shows it
    const listed = (await request(service.app).get('/api/webhooks/endpoints').set(as()).expect(200)).body;
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.endpoints).toEqual([
      expect.objectContaining({ id, url: receiver.url, events: ['payment.completed', 'invoice.issued'], disabled: null }),
    ]);
    // another person's endpoint, and an event this one does not take
    const otherToken = signTestToken(service.keys.privateKey, TOKEN_AUDIENCE.user, { sub: OTHER, email: 'other@example.in' });
    await request(service.app)
      .post('/api/webhooks/endpoints')
      .set('Authorization', `Bearer ${otherToken}`)
      .send({ url: other.url, events: ['payment.completed'] })
      .expect(201);

    await publish({ key: 'payment.completed:ORD-1', type: 'payment.completed' });
    await publish({ key: 'payment.completed:ORD-1', type: 'payment.completed' });
    await publish({ key: 'refund.completed:R-1', type: 'refund.completed' });
    await publish({ key: 'invoice.issued:INV-1', type: 'invoice.issued', data: { invoiceNumber: 'INV/2627/000001', orderId: 'ORD-1' } });
    await until(log.bind(null, id), (entries) => entries.filter((each) => each.state === 'succeeded').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(receiver.received).toHaveLength(2);
    const payloads = receiver.received.map((delivery) => verified(secret, delivery));
    expect(payloads.map((payload) => payload.type).sort()).toEqual(['invoice.issued', 'payment.completed']);
    expect(payloads.find((payload) => payload.type === 'invoice.issued')?.data).toEqual({
      invoiceNumber: 'INV/2627/000001',
      orderId: 'ORD-1',
    });
    expect(receiver.received[0]!.headers['webhook-id']).toMatch(/^msg_[\w-]{27}$/);
    expect(other.received).toHaveLength(0);
    // a wrong secret does not verify
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, receiver.received[0]!)).toThrow();
    await Promise.all([receiver.close(), other.close()]);
  });

  it('when an owner admin registers the vendor’s endpoint, then it hears every account’s events; a person’s list does not show it', async () => {
    const receiver = await startReceiver();
    const admin = {
      Authorization: `Bearer ${signAdminTestToken(service.keys.privateKey, { sub: 'a1', email: 'owner@portal.test', role: 'owner' })}`,
    };
    const made = await request(service.app)
      .post('/api/admin/webhooks/endpoints')
      .set(admin)
      .send({ url: receiver.url, events: ['refund.completed'] });
    expect(made.status).toBe(201);
    await publish({ key: 'refund.completed:R-OTHER', type: 'refund.completed', userId: OTHER });
    await publish({ key: 'refund.completed:R-ASHA', type: 'refund.completed' });
    await until(
      async () => receiver.received.length,
      (count) => count === 2,
    );
    expect(receiver.received.map((delivery) => verified(made.body.secret, delivery).type)).toEqual([
      'refund.completed',
      'refund.completed',
    ]);
    const own = (await request(service.app).get('/api/webhooks/endpoints').set(as()).expect(200)).body.endpoints as { id: string }[];
    expect(own.map((endpoint) => endpoint.id)).not.toContain(made.body.id);
    expect((await request(service.app).get('/api/admin/webhooks/endpoints').set(admin).expect(200)).body.endpoints).toEqual([
      expect.objectContaining({ id: made.body.id }),
    ]);
    await request(service.app).delete(`/api/admin/webhooks/endpoints/${made.body.id}`).set(admin).expect(204);
    await receiver.close();
  });

  it('when an owner sends a delivery again, then it carries the same webhook-id, signed afresh', async () => {
    const receiver = await startReceiver();
    const { id, secret } = await register(receiver.url);
    await publish({ key: 'payment.completed:ORD-2', type: 'payment.completed' });
    const [first] = await until(log.bind(null, id), (entries) => entries[0]?.state === 'succeeded');
    await request(service.app).post(`/api/webhooks/endpoints/${id}/deliveries/${first!.id}/send-again`).set(as()).expect(202);
    await until(
      async () => receiver.received.length,
      (count) => count === 2,
    );
    expect(receiver.received.map((delivery) => delivery.headers['webhook-id'])).toEqual([first!.id, first!.id]);
    expect(verified(secret, receiver.received[1]!)).toEqual(verified(secret, receiver.received[0]!));
    await request(service.app).post(`/api/webhooks/endpoints/${id}/deliveries/msg_unknown/send-again`).set(as()).expect(404);
    await receiver.close();
  });

  it('when the secret is rotated, then for 24 hours each delivery verifies with the old secret and the new one, then with the new one only', async () => {
    const receiver = await startReceiver();
    const { id, secret: old } = await register(receiver.url);
    const rotated = (await request(service.app).post(`/api/webhooks/endpoints/${id}/rotate-secret`).set(as()).expect(200)).body
      .secret as string;
    expect(rotated).not.toBe(old);
    await request(service.app).post(`/api/webhooks/endpoints/${id}/test`).set(as()).expect(202);
    await until(
      async () => receiver.received.length,
      (count) => count === 1,
    );
    expect(verified(old, receiver.received[0]!).type).toBe('webhook.test');
    expect(verified(rotated, receiver.received[0]!).type).toBe('webhook.test');

    offsetMs = DAY_MS + 1000;
    try {
      await request(service.app).post(`/api/webhooks/endpoints/${id}/test`).set(as()).expect(202);
      await until(
        async () => receiver.received.length,
        (count) => count === 2,
      );
    } finally {
      offsetMs = 0;
    }
    const late = receiver.received[1]!;
    expect(late.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    // the library checks the timestamp against its own clock: the later one is read with the same offset
    const signature = (secret: string) =>
      new Webhook(secret).sign(late.headers['webhook-id']!, new Date(Number(late.headers['webhook-timestamp']) * 1000), late.body);
    expect(late.headers['webhook-signature']).toBe(signature(rotated));
    expect(late.headers['webhook-signature']).not.toBe(signature(old));
    await receiver.close();
  });

  it('when an endpoint is down for ten minutes of the schedule, then it receives everything afterwards, within the tries the schedule allows', async () => {
    const receiver = await startReceiver();
    const { id } = await register(receiver.url);
    // down from the first try for 600 ms: ten minutes at this scale, which covers the tries at once, after 5 s and after 5 min
    let downUntil = 0;
    receiver.answering(() => {
      if (!downUntil) downUntil = Date.now() + 600;
      return Date.now() < downUntil ? { status: 503 } : { status: 200 };
    });
    await publish({ key: 'payment.completed:ORD-3', type: 'payment.completed' });
    await publish({ key: 'invoice.issued:INV-3', type: 'invoice.issued' });
    const entries = await until(log.bind(null, id), (all) => all.length === 2 && all.every((each) => each.state === 'succeeded'));
    // the fourth try (after 30 min) is the first after the outage; none comes later
    for (const entry of entries) {
      expect(entry.attempts).toBeGreaterThanOrEqual(2);
      expect(entry.attempts).toBeLessThanOrEqual(4);
      expect(entry.lastStatus).toBe(200);
    }
    expect(receiver.received.filter((each) => each.at >= downUntil)).toHaveLength(2);
    await receiver.close();
  });

  it('when an endpoint answers 410, then it is disabled at once and tried no more; 429 with Retry-After waits as long as asked', async () => {
    const gone = await startReceiver();
    gone.answering(() => ({ status: 410 }));
    const goneEndpoint = await register(gone.url);
    await publish({ key: 'payment.completed:ORD-4', type: 'payment.completed' });
    await until(
      () => endpoint(goneEndpoint.id),
      (found) => found?.disabled?.reason === 'gone',
    );
    await publish({ key: 'invoice.issued:INV-4', type: 'invoice.issued' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(gone.received).toHaveLength(1);
    expect((await log(goneEndpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 410 });
    const refused = await request(service.app).post(`/api/webhooks/endpoints/${goneEndpoint.id}/test`).set(as());
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(WEBHOOK_MESSAGES.disabled);

    const busy = await startReceiver();
    busy.answering((index) => (index === 0 ? { status: 429, headers: { 'Retry-After': '1' } } : { status: 200 }));
    const busyEndpoint = await register(busy.url);
    await publish({ key: 'payment.completed:ORD-5', type: 'payment.completed' });
    await until(log.bind(null, busyEndpoint.id), (entries) => entries[0]?.state === 'succeeded');
    // the schedule alone would try again after 5 ms
    expect(busy.received[1]!.at - busy.received[0]!.at).toBeGreaterThanOrEqual(1000);
    await Promise.all([gone.close(), busy.close()]);
  });

  it('when every try to an endpoint has failed for five days, then it is disabled and its owner e-mailed; at a millisecond less it stays', async () => {
    const down = await startReceiver();
    down.answering(() => ({ status: 500 }));
    const { id } = await register(down.url, ['subscription.updated']);
    await publish({ key: 'subscription.updated:A', type: 'subscription.updated' });
    await until(log.bind(null, id), (entries) => (entries[0]?.attempts ?? 0) >= 1);
    const since = (await service.db.connection.collection('webhook_endpoints').findOne({ _id: id } as never))!.failingSince as Date;
    try {
      frozenAt = since.getTime() + 5 * DAY_MS - 1;
      await publish({ key: 'subscription.updated:B', type: 'subscription.updated' });
      await until(log.bind(null, id), (entries) => entries.length === 2 && entries.every((each) => each.attempts >= 1));
      expect((await endpoint(id))?.disabled).toBeNull();
      frozenAt = since.getTime() + 5 * DAY_MS;
      await publish({ key: 'subscription.updated:C', type: 'subscription.updated' });
      await until(
        () => endpoint(id),
        (found) => found?.disabled?.reason === 'failing',
      );
    } finally {
      frozenAt = null;
    }
    const mail = await service.smtp.waitForMail(
      (each) => each.subject === 'Your webhook endpoint was disabled' && Boolean(each.text?.includes(down.url)),
    );
    expect(JSON.stringify(mail.to)).toContain('asha@example.in');
    expect(mail.text).toContain(down.url);
    await down.close();
  });

  it('when a production setting meets a private, loopback or link-local address, then registration is refused and nothing is stored; bad input is a 400', async () => {
    const strictToken = signTestToken(strict.keys.privateKey, TOKEN_AUDIENCE.user, { sub: ASHA, email: 'asha@example.in' });
    const post = (body: object) =>
      request(strict.app).post('/api/webhooks/endpoints').set('Authorization', `Bearer ${strictToken}`).send(body);
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://10.0.0.5/',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:9000/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const refused = await post({ url, events: ['payment.completed'] });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(WEBHOOK_MESSAGES.urlRefused);
    }
    for (const body of [
      {},
      { url: 'ftp://example.com/', events: ['payment.completed'] },
      { url: 'https://example.com/', events: [] },
      { url: 'https://example.com/', events: ['payment.stolen'] },
      { url: { $gt: '' }, events: ['payment.completed'] },
    ]) {
      expect((await post(body)).status).toBe(400);
    }
    await request(strict.app)
      .post('/api/webhooks/endpoints')
      .send({ url: 'https://example.com/', events: ['payment.completed'] })
      .expect(401);
    expect(await strict.db.connection.collection('webhook_endpoints').countDocuments()).toBe(0);
  });

  it('when an owner changes, disables and deletes an endpoint, then only their own is reached; another person’s id is 404', async () => {
    const receiver = await startReceiver();
    const { id } = await register(receiver.url);
    await request(service.app).patch(`/api/webhooks/endpoints/${id}`).set(as()).send({}).expect(400);
    await request(service.app).patch(`/api/webhooks/endpoints/${id}`).set(as()).send({ description: 'Books' }).expect(200);
    const changed = await request(service.app)
      .patch(`/api/webhooks/endpoints/${id}`)
      .set(as())
      .send({ events: ['refund.completed'], disabled: true })
      .expect(200);
    expect(changed.body).toMatchObject({ id, events: ['refund.completed'], disabled: { reason: 'owner' }, description: 'Books' });
    await publish({ key: 'refund.completed:R-9', type: 'refund.completed' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(0);
    const otherToken = signTestToken(service.keys.privateKey, TOKEN_AUDIENCE.user, { sub: OTHER, email: 'other@example.in' });
    await request(service.app).delete(`/api/webhooks/endpoints/${id}`).set('Authorization', `Bearer ${otherToken}`).expect(404);
    await request(service.app)
      .patch(`/api/webhooks/endpoints/${id}`)
      .set('Authorization', `Bearer ${otherToken}`)
      .send({ disabled: false })
      .expect(404);
    await request(service.app).delete(`/api/webhooks/endpoints/${id}`).set(as()).expect(204);
    expect(await endpoint(id)).toBeUndefined();
    await receiver.close();
  });
});
