import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { EVENT_QUEUES, NOTIFICATION_MESSAGES, TOKEN_AUDIENCE, USER_DELETED } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { signTestToken } from '@portal/platform/testing';
import { PUBLIC_URL, SECRET, startNotificationsService, until, type NotificationsService as Service } from './notifications-harness';

const RAVI = '64b7f0c2a1b2c3d4e5f60799';
const as = (caller: string) => createServiceCredential(caller, SECRET)();
const message = (key: string, kind: 'expiry-reminder' | 'payment-receipt', subject: string) => ({
  key,
  kind,
  userId: RAVI,
  to: 'ravi@example.in',
  subject,
  text: 'Your plan ends on 31 March 2027.',
  html: '<!doctype html><html><body><div><p>Your plan ends on 31 March 2027.</p>\n</div></body></html>',
});
const header = (mail: { headerLines: readonly { key: string; line: string }[] }, name: string) =>
  mail.headerLines.find((each) => each.key === name)?.line.replace(/^[^:]+:\s*/, '');
const unsubscribeToken = (url: string) => new URL(url).searchParams.get('token') as string;

describe('notifications: a person’s choice of reminders and news, from the profile or one click in an e-mail', () => {
  let service: Service;
  let token: string;
  const stored = () => service.db.connection.collection('preferences').findOne({ _id: RAVI } as never);
  const handOver = (body: object) =>
    request(service.app).post('/internal/messages').set('Authorization', as('billing')).send(body).expect(202);
  const state = async (id: string) =>
    (
      (await request(service.app).get(`/internal/users/${RAVI}/messages`).set('Authorization', as('admin-reporting')).expect(200)).body
        .messages as { id: string; state: string }[]
    ).find((each) => each.id === id)?.state;
  beforeAll(async () => {
    service = await startNotificationsService('notification_preferences', '0.001');
    token = signTestToken(service.keys.privateKey, TOKEN_AUDIENCE.user, { sub: RAVI, email: 'ravi@example.in' });
  });
  afterAll(() => service?.close());

  it('when a person turns reminders off on the profile, then the choice is kept with its time and source; bad input is refused and changes nothing', async () => {
    const preferences = '/api/notifications/preferences';
    await request(service.app).get(preferences).expect(401);
    expect((await request(service.app).get(preferences).set('Authorization', `Bearer ${token}`).expect(200)).body).toEqual({
      preferences: { reminder: true, news: true },
      updatedAt: null,
    });
    for (const body of [{}, { reminder: 'no' }, { reminder: { $ne: null } }, { marketing: false }]) {
      const refused = await request(service.app).put(preferences).set('Authorization', `Bearer ${token}`).send(body);
      expect(refused.status).toBe(400);
    }
    expect(await stored()).toBeNull();

    const saved = await request(service.app).put(preferences).set('Authorization', `Bearer ${token}`).send({ reminder: false }).expect(200);
    expect(saved.body).toEqual({
      preferences: { reminder: false, news: true },
      updatedAt: expect.any(String),
      message: NOTIFICATION_MESSAGES.preferencesSaved,
    });
    // saving the same again records nothing new
    await request(service.app).put(preferences).set('Authorization', `Bearer ${token}`).send({ reminder: false, news: true }).expect(200);
    expect(await stored()).toMatchObject({
      reminder: false,
      news: true,
      changes: [{ category: 'reminder', subscribed: false, via: 'profile', at: new Date(saved.body.updatedAt) }],
    });
    await request(service.app).put(preferences).set('Authorization', `Bearer ${token}`).send({ reminder: true }).expect(200);
  });

  it('when a reminder goes out, then it carries a one-click unsubscribe link (List-Unsubscribe, RFC 8058) in its headers and its last line; a receipt carries none', async () => {
    await handOver(message('expiry-reminder:R1', 'expiry-reminder', 'Your plan ends in 7 days'));
    await handOver(message('payment-receipt:P1', 'payment-receipt', 'Payment received'));
    const reminder = await service.smtp.waitForMail((mail) => mail.subject === 'Your plan ends in 7 days');
    const link = /^<(https:\/\/portal\.test\/api\/notifications\/unsubscribe\?token=[\w.-]+)>$/.exec(
      header(reminder, 'list-unsubscribe') ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(header(reminder, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(reminder.text).toContain(`Don’t want reminders? Unsubscribe: ${link}`);
    expect(reminder.html).toMatch(
      /<a href="https:\/\/portal\.test\/api\/notifications\/unsubscribe\?token=[\w.-]+"[^>]*>Unsubscribe<\/a><\/p>\n<\/div><\/body><\/html>$/,
    );

    const receipt = await service.smtp.waitForMail((mail) => mail.subject === 'Payment received');
    expect(header(receipt, 'list-unsubscribe')).toBeUndefined();
    expect(receipt.text).not.toContain('Unsubscribe');
  });

  it('when the person clicks Unsubscribe in their mail client, then reminders stop and the next one is withheld, while receipts still go', async () => {
    const reminder = service.smtp.inbox.find((mail) => mail.subject === 'Your plan ends in 7 days')!;
    const link = /<([^>]+)>/.exec(header(reminder, 'list-unsubscribe')!)![1] as string;
    const path = link.slice(PUBLIC_URL.length);
    // what a mail client sends: a POST with no cookie and this form body
    const answer = await request(service.app).post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(answer.text).toContain('You will no longer receive reminders by e-mail.');
    expect(await stored()).toMatchObject({ reminder: false, news: true });
    expect((await stored())?.changes.at(-1)).toMatchObject({ category: 'reminder', subscribed: false, via: 'one-click' });

    await handOver(message('expiry-reminder:R2', 'expiry-reminder', 'Your plan ends tomorrow'));
    await handOver(message('payment-receipt:P2', 'payment-receipt', 'Payment received again'));
    await service.smtp.waitForMail((mail) => mail.subject === 'Payment received again');
    expect(
      await until(
        () => state('expiry-reminder:R2'),
        (found) => found === 'withheld',
      ),
    ).toBe('withheld');
    expect(service.smtp.inbox.filter((mail) => mail.subject === 'Your plan ends tomorrow')).toEqual([]);
    // news is its own choice: its link is another
    expect(unsubscribeToken(link).split('.')[1]).toBe('reminder');
  });

  it('when the link is opened in a browser, then the page asks before it changes anything; its button unsubscribes; a link altered by hand is refused', async () => {
    const reminder = service.smtp.inbox.find((mail) => mail.subject === 'Your plan ends in 7 days')!;
    const link = /<([^>]+)>/.exec(header(reminder, 'list-unsubscribe')!)![1] as string;
    await request(service.app)
      .put('/api/notifications/preferences')
      .set('Authorization', `Bearer ${token}`)
      .send({ reminder: true })
      .expect(200);

    const page = await request(service.app).get(link.slice(PUBLIC_URL.length)).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Unsubscribe from reminders?');
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect(await stored()).toMatchObject({ reminder: true });

    const action = /action="([^"]+)"/.exec(page.text)![1] as string;
    const done = await request(service.app).post(action.replace(/&amp;/g, '&')).type('form').send('').expect(200);
    expect(done.text).toContain('You are unsubscribed');
    expect((await stored())?.changes.at(-1)).toMatchObject({ category: 'reminder', subscribed: false, via: 'link' });

    const [userId, , signature] = unsubscribeToken(link).split('.');
    for (const altered of [`${userId}.news.${signature}`, `64b7f0c2a1b2c3d4e5f60700.reminder.${signature}`, 'nonsense', '']) {
      const refused = await request(service.app)
        .post('/api/notifications/unsubscribe')
        .query({ token: altered })
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(refused.status).toBe(400);
      expect(refused.text).toContain(NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
      expect((await request(service.app).get('/api/notifications/unsubscribe').query({ token: altered })).status).toBe(400);
    }
    expect(await stored()).toMatchObject({ reminder: false, news: true });
  });

  it('when the person asks for a copy of their data, then admin-reporting reads every change with its time and source; no other service may', async () => {
    const path = `/internal/users/${RAVI}/preferences`;
    await request(service.app).get(path).set('Authorization', as('billing')).expect(403);
    const { body } = await request(service.app).get(path).set('Authorization', as('admin-reporting')).expect(200);
    expect(body.preferences).toEqual({ reminder: false, news: true });
    expect(body.changes.map((change: { subscribed: boolean; via: string }) => [change.subscribed, change.via])).toEqual([
      [false, 'profile'],
      [true, 'profile'],
      [false, 'one-click'],
      [true, 'profile'],
      [false, 'link'],
    ]);
    expect(
      body.changes.every(
        (change: { category: string; at: string }) => change.category === 'reminder' && !Number.isNaN(Date.parse(change.at)),
      ),
    ).toBe(true);
  });

  it('when the person is deleted, then their choices go with their messages', async () => {
    const connection = new Redis(service.redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUES.notifications, { connection, prefix: `${service.redis.prefix}bull` });
    await queue.add(USER_DELETED, { userId: RAVI });
    await until(stored, (doc) => doc === null);
    await queue.close();
    connection.disconnect();
  });
});
