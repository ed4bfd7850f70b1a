import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { EVENT_QUEUES, NOTIFICATION_MESSAGES, USER_DELETED } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { SECRET, startNotificationsService, until, type NotificationsService as Service } from './notifications-harness';

const ASHA = '64b7f0c2a1b2c3d4e5f60718';
const pdf = Buffer.from('%PDF-1.4 invoice INV/2627/000001');

const as = (caller: string) => createServiceCredential(caller, SECRET)();
const receipt = (key: string, subject = `Payment received ${key}`) => ({
  key,
  kind: 'payment-receipt',
  userId: ASHA,
  to: 'asha@example.in',
  subject,
  text: 'Thank you for your payment.',
  html: '<p>Thank you for your payment.</p>',
  attachments: [{ filename: 'INV-2627-000001.pdf', contentType: 'application/pdf', content: pdf.toString('base64') }],
});
const handOver = (service: Service, body: object, caller = 'billing') =>
  request(service.app).post('/internal/messages').set('Authorization', as(caller)).send(body);
const deliveryLog = async (service: Service, email?: string) =>
  (
    await request(service.app)
      .get(`/internal/users/${ASHA}/messages`)
      .query(email ? { email } : {})
      .set('Authorization', as('admin-reporting'))
      .expect(200)
  ).body.messages as { id: string; state: string; attempts: number; lastError: string | null; sentAt: string | null; to: string }[];
const entry = async (service: Service, id: string) => (await deliveryLog(service)).find((message) => message.id === id);

describe('notifications: each message delivered once, retried while the mail server refuses, and logged', () => {
  let service: Service;
  beforeAll(async () => {
    // a thousandth of production's schedule: 5 ms, 15 ms, 30 ms… about 90 s for every try
    service = await startNotificationsService('notifications', '0.001');
  });
  afterAll(() => service?.close());

  it('when a producer hands a message over three times at once and once more later, then the person gets it once, with its attachment, and the log shows it sent', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => handOver(service, receipt('payment-receipt:ORD-1'))));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.body.id))).toEqual(new Set(['payment-receipt:ORD-1']));
    const mail = await service.smtp.waitForMail((m) => m.subject === 'Payment received payment-receipt:ORD-1');
    expect(mail.text).toContain('Thank you for your payment.');
    expect(mail.attachments.map((file) => [file.filename, file.content.equals(pdf)])).toEqual([['INV-2627-000001.pdf', true]]);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@127\.0\.0\.1>$/);

    const sent = await until(
      () => entry(service, 'payment-receipt:ORD-1'),
      (found) => found?.state === 'sent',
    );
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, lastError: null, to: 'asha@example.in' });
    // once sent, the body and the invoice stay with the producer
    const stored = await service.db.connection.collection('messages').findOne({ _id: 'payment-receipt:ORD-1' } as never);
    expect(stored).toMatchObject({ text: '', attachments: [] });
    expect(stored?.html).toBeUndefined();

    // a late repeat (the producer crashed before it deleted its outbox record): still the one message
    expect((await handOver(service, receipt('payment-receipt:ORD-1'))).body).toEqual({ id: 'payment-receipt:ORD-1', state: 'sent' });
    await handOver(service, receipt('payment-receipt:ORD-2'));
    await service.smtp.waitForMail((m) => m.subject === 'Payment received payment-receipt:ORD-2');
    expect(service.smtp.inbox.filter((m) => m.subject === 'Payment received payment-receipt:ORD-1')).toHaveLength(1);
  });

  it('when the mail server refuses for a while, then the message is tried again by the schedule and goes out once it takes mail, its tries and last error in the log', async () => {
    service.smtp.refusing = true;
    await handOver(service, receipt('password-reset:abc', 'Reset your password')).expect(202);
    const retrying = await until(
      () => entry(service, 'password-reset:abc'),
      (found) => (found?.attempts ?? 0) >= 3,
    );
    expect(retrying).toMatchObject({ state: 'retrying', sentAt: null });
    expect(retrying!.lastError).toContain('Mailbox busy, try again later');
    expect(service.smtp.inbox.filter((m) => m.subject === 'Reset your password')).toHaveLength(0);

    service.smtp.refusing = false;
    await service.smtp.waitForMail((m) => m.subject === 'Reset your password');
    const sent = await until(
      () => entry(service, 'password-reset:abc'),
      (found) => found?.state === 'sent',
    );
    expect(sent!.attempts).toBeGreaterThanOrEqual(4);
    expect(service.smtp.inbox.filter((m) => m.subject === 'Reset your password')).toHaveLength(1);
  });

  it('when a hand-over is malformed or comes from a service that sends nothing, then it is refused and nothing is kept', async () => {
    const { key: _key, ...keyless } = receipt('x');
    expect((await handOver(service, keyless)).status).toBe(400);
    expect((await handOver(service, { ...receipt('unknown-kind:1'), kind: 'newsletter-blast' })).status).toBe(400);
    expect((await handOver(service, { ...receipt('no-address:1'), to: '' })).status).toBe(400);
    expect((await handOver(service, receipt('from-download:1'), 'download')).status).toBe(403);
    expect((await request(service.app).post('/internal/messages').send(receipt('anonymous:1'))).status).toBe(401);
    const kept = await service.db.connection
      .collection('messages')
      .countDocuments({ _id: { $in: ['x', 'unknown-kind:1', 'no-address:1', 'from-download:1', 'anonymous:1'] } } as never);
    expect(kept).toBe(0);
  });

  it('when a waiting message has lost its job (Redis emptied of it), then the sweep queues it again and it goes out', async () => {
    const minutesAgo = new Date(Date.now() - 3 * 60_000);
    await service.db.connection.collection('messages').insertOne({
      _id: 'welcome:lost-job',
      kind: 'welcome',
      category: 'transactional',
      channel: 'email',
      userId: ASHA,
      to: 'asha@example.in',
      subject: 'Welcome back from a lost job',
      text: 'Hello',
      attachments: [],
      state: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: minutesAgo,
      sentAt: null,
      nextAttemptAt: minutesAgo,
    } as never);
    await service.smtp.waitForMail((m) => m.subject === 'Welcome back from a lost job');
  });

  it('when the admin area reads a person’s log, then it lists their messages and those sent to their address, newest first; a malformed id is 400 and other callers are refused', async () => {
    await handOver(service, { ...receipt('firm-invitation:zz', 'Join Iyer & Associates'), kind: 'firm-invitation', userId: undefined });
    await service.smtp.waitForMail((m) => m.subject === 'Join Iyer & Associates');
    expect((await deliveryLog(service)).map((message) => message.id)).not.toContain('firm-invitation:zz');
    const withAddress = await deliveryLog(service, 'asha@example.in');
    expect(withAddress[0]!.id).toBe('firm-invitation:zz');
    expect(withAddress.map((message) => message.id)).toEqual(expect.arrayContaining(['payment-receipt:ORD-1', 'password-reset:abc']));
    expect((await request(service.app).get('/internal/users/not-an-id/messages').set('Authorization', as('admin-reporting'))).status).toBe(
      400,
    );
    expect((await request(service.app).get(`/internal/users/${ASHA}/messages`).set('Authorization', as('billing'))).status).toBe(403);
  });

  it('when the person is deleted, then their messages go', async () => {
    const connection = new Redis(service.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUES.notifications, { connection, prefix: `${service.redis.prefix}bull` });
    await queue.add(USER_DELETED, { userId: ASHA });
    await until(
      () => service.db.connection.collection('messages').countDocuments({ userId: ASHA }),
      (count) => count === 0,
    );
    await queue.close();
    connection.disconnect();
  });
});

describe('notifications: a message that fails every try', () => {
  let service: Service;
  beforeAll(async () => {
    // a hundred-thousandth of the schedule: every try within a second
    service = await startNotificationsService('notifications_failing', '0.00001');
  });
  afterAll(() => service?.close());

  it('when every try is refused, then it ends failed with its last error and is counted; "Send again" delivers it under its id, and only a failed one may be sent again', async () => {
    service.smtp.refusing = true;
    await handOver(service, receipt('refund-notice:RF-1', 'Refund of ₹1,000 completed')).expect(202);
    const failed = await until(
      () => entry(service, 'refund-notice:RF-1'),
      (found) => found?.state === 'failed',
    );
    expect(failed).toMatchObject({ state: 'failed', attempts: 16, sentAt: null });
    expect(failed!.lastError).toContain('Mailbox busy');
    // counted by state every 100 ms here (MESSAGE_COUNT_MS)
    const metrics = await until(
      async () => (await request(service.app).get('/metrics')).text,
      (text) => /notifications_messages\{[^}]*state="failed"[^}]*\} 1/.test(text),
    );
    expect(metrics).toMatch(/notifications_delivery_tries_total\{[^}]*outcome="failed"[^}]*\} 1/);
    expect(metrics).toMatch(/notifications_delivery_tries_total\{[^}]*outcome="retried"[^}]*\} 15/);

    service.smtp.refusing = false;
    const again = () =>
      request(service.app)
        .post(`/internal/messages/${encodeURIComponent('refund-notice:RF-1')}/send-again`)
        .set('Authorization', as('admin-reporting'));
    expect((await again()).status).toBe(202);
    await service.smtp.waitForMail((m) => m.subject === 'Refund of ₹1,000 completed');
    await until(
      () => entry(service, 'refund-notice:RF-1'),
      (found) => found?.state === 'sent',
    );
    const refused = await again();
    expect([refused.status, refused.body.message]).toEqual([409, NOTIFICATION_MESSAGES.onlyFailedAgain]);
    const unknown = await request(service.app)
      .post('/internal/messages/nothing-here/send-again')
      .set('Authorization', as('admin-reporting'));
    expect([unknown.status, unknown.body.message]).toEqual([404, NOTIFICATION_MESSAGES.messageNotFound]);
    expect(service.smtp.inbox.filter((m) => m.subject === 'Refund of ₹1,000 completed')).toHaveLength(1);
  });
});
