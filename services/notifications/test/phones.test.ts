import { createHmac } from 'node:crypto';
import request from 'supertest';
import { PHONE_CONSENT_TEXTS, PHONE_MESSAGES, TOKEN_AUDIENCE } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { signTestToken } from '@portal/platform/testing';
import DLT from '../src/delivery/domain/dlt-templates.json';
import { PUBLIC_URL, SECRET, startNotificationsService, until, type NotificationsService as Service } from './notifications-harness';

const as = (caller: string) => createServiceCredential(caller, SECRET)();
const fill = (text: string, values: string[]) => values.reduce((body, value) => body.replace('{#var#}', value), text);

let clock = new Date('2026-11-29T10:00:00Z');
let people = 0;

/** A new person: their id, token and a number of their own. */
function person(service: Service) {
  people += 1;
  const userId = `64b7f0c2a1b2c3d4e5f6${String(people).padStart(4, '0')}`;
  const token = signTestToken(service.keys.privateKey, TOKEN_AUDIENCE.user, { sub: userId, email: `p${people}@example.in` });
  const digits = `98765${String(43210 + people).padStart(5, '0')}`;
  return { userId, token, typed: `${digits.slice(0, 5)} ${digits.slice(5)}`, mobile: `+91${digits}` };
}
type Person = ReturnType<typeof person>;

const call = (service: Service, who: Person) => ({
  get: (path: string) => request(service.app).get(path).set('Authorization', `Bearer ${who.token}`),
  post: (path: string, body: object) => request(service.app).post(path).set('Authorization', `Bearer ${who.token}`).send(body),
  put: (path: string, body: object) => request(service.app).put(path).set('Authorization', `Bearer ${who.token}`).send(body),
});

/** The code in the newest SMS the person's phone received. */
async function codeSentTo(service: Service, mobile: string, count: number) {
  const sms = await until(
    async () => service.handsets.receivedBy(mobile).filter((message) => message.templateId === DLT.templates['phone-code'].templateId),
    (codes) => codes.length >= count,
  );
  return sms.at(-1)!.values[0]!;
}

async function verified(service: Service, who: Person, channels: { whatsapp?: boolean; sms?: boolean }) {
  const { post, put } = call(service, who);
  await post('/api/notifications/phone', { mobile: who.typed }).expect(202);
  const code = await codeSentTo(service, who.mobile, 1);
  await post('/api/notifications/phone/verify', { code }).expect(200);
  await put('/api/notifications/phone/channels', channels).expect(200);
}

const handOver = (service: Service, body: object) =>
  request(service.app).post('/internal/messages').set('Authorization', as('billing')).send(body).expect(202);
const receipt = (who: Person, key: string) => ({
  key,
  kind: 'payment-receipt',
  userId: who.userId,
  to: `${who.userId}@example.in`,
  subject: `Payment received ${key}`,
  text: 'Thank you for your payment.',
  brief: { amount: '1,180', plan: 'Professional' },
});
const reminder = (who: Person, key: string) => ({
  key,
  kind: 'expiry-reminder',
  userId: who.userId,
  to: `${who.userId}@example.in`,
  subject: `Your plan ends soon ${key}`,
  text: 'Renew in time.',
  brief: { date: '31 Mar 2027' },
});
const deliveryLog = async (service: Service, who: Person) =>
  (await request(service.app).get(`/internal/users/${who.userId}/messages`).set('Authorization', as('admin-reporting')).expect(200)).body
    .messages as {
    id: string;
    channel: string;
    state: string;
    attempts: number;
    lastError: string | null;
    providerStatus?: string | null;
  }[];

describe('notifications: a verified number, WhatsApp and SMS chosen with recorded consent, and withdrawn', () => {
  let service: Service;
  beforeAll(async () => {
    service = await startNotificationsService('phones', '0.001', { phones: true, overrides: { now: () => clock } });
  });
  afterAll(() => service?.close());

  it('when a person asks for a code, then an SMS brings six digits by its registered template, and the right code verifies the number', async () => {
    const asha = person(service);
    const { get, post } = call(service, asha);
    expect((await post('/api/notifications/phone', { mobile: asha.typed }).expect(202)).body).toEqual({ message: PHONE_MESSAGES.codeSent });
    const code = await codeSentTo(service, asha.mobile, 1);
    expect(code).toMatch(/^\d{6}$/);
    const [sms] = service.handsets.receivedBy(asha.mobile);
    expect(sms!.text).toBe(fill(DLT.templates['phone-code'].text, [code]));

    const answer = await post('/api/notifications/phone/verify', { code }).expect(200);
    expect(answer.body).toMatchObject({ mobile: asha.mobile, verified: true, message: PHONE_MESSAGES.numberVerified });
    expect((await get('/api/notifications/phone').expect(200)).body).toMatchObject({
      mobile: asha.mobile,
      verified: true,
      offered: ['sms', 'whatsapp'],
      channels: { whatsapp: { on: false }, sms: { on: false } },
    });
    // the code went by SMS and its digits are not kept once it was sent
    const log = await until(
      () => deliveryLog(service, asha),
      (messages) => messages[0]?.state === 'sent',
    );
    expect(log).toEqual([expect.objectContaining({ channel: 'sms', state: 'sent' })]);
    const stored = await service.db.connection.collection('messages').findOne({ userId: asha.userId });
    expect(stored?.values).toBeUndefined();
    expect(stored?.text).toBe('');
  });

  it('when a wrong code is typed three times, then the third ends the code and even the right one is refused after', async () => {
    const ravi = person(service);
    const { post } = call(service, ravi);
    await post('/api/notifications/phone', { mobile: ravi.typed }).expect(202);
    const code = await codeSentTo(service, ravi.mobile, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/api/notifications/phone/verify', { code: wrong }).expect(400)).body.message).toBe(PHONE_MESSAGES.codeWrong);
    await post('/api/notifications/phone/verify', { code: wrong }).expect(400);
    expect((await post('/api/notifications/phone/verify', { code: wrong }).expect(410)).body.message).toBe(PHONE_MESSAGES.codeExpired);
    expect((await post('/api/notifications/phone/verify', { code }).expect(410)).body.message).toBe(PHONE_MESSAGES.codeExpired);
    expect((await call(service, ravi).get('/api/notifications/phone')).body.verified).toBe(false);
  });

  it('when the code is typed at exactly 5 minutes, then it is refused, and a millisecond before it is taken', async () => {
    const late = person(service);
    const onTime = person(service);
    const sent = clock;
    for (const who of [late, onTime]) await call(service, who).post('/api/notifications/phone', { mobile: who.typed }).expect(202);
    const [lateCode, onTimeCode] = [await codeSentTo(service, late.mobile, 1), await codeSentTo(service, onTime.mobile, 1)];
    clock = new Date(sent.getTime() + 5 * 60_000 - 1);
    await call(service, onTime).post('/api/notifications/phone/verify', { code: onTimeCode }).expect(200);
    clock = new Date(sent.getTime() + 5 * 60_000);
    await call(service, late).post('/api/notifications/phone/verify', { code: lateCode }).expect(410);
  });

  it('when the input is not an Indian mobile number or not a code, then 400 with the reason and nothing is sent', async () => {
    const who = person(service);
    const { post, put } = call(service, who);
    for (const mobile of ['12345', '5876543210', '98765432101', { $ne: null }])
      expect((await post('/api/notifications/phone', { mobile }).expect(400)).body.message).toBe(PHONE_MESSAGES.mobileInvalid);
    expect((await post('/api/notifications/phone/verify', { code: '12a456' }).expect(400)).body.message).toBe(PHONE_MESSAGES.codeInvalid);
    expect((await put('/api/notifications/phone/channels', { whatsapp: true }).expect(400)).body.message).toBe(PHONE_MESSAGES.verifyFirst);
    expect(service.handsets.receivedBy(who.mobile)).toEqual([]);
  });

  it('when two accounts prove the same number at once, then one has it and the other is told it is taken', async () => {
    const [first, second] = [person(service), person(service)];
    const shared = { ...second, typed: first.typed, mobile: first.mobile };
    await call(service, first).post('/api/notifications/phone', { mobile: first.typed }).expect(202);
    const firstCode = await codeSentTo(service, first.mobile, 1);
    await call(service, shared).post('/api/notifications/phone', { mobile: first.typed }).expect(202);
    const secondCode = await codeSentTo(service, first.mobile, 2);
    const answers = await Promise.all([
      call(service, first).post('/api/notifications/phone/verify', { code: firstCode }),
      call(service, shared).post('/api/notifications/phone/verify', { code: secondCode }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(PHONE_MESSAGES.numberInUse);
    const owners = await service.db.connection.collection('phones').countDocuments({ mobile: first.mobile });
    expect(owners).toBe(1);
  });

  it('when a person chose WhatsApp and SMS and a receipt is handed over twice, then each channel gets it once by its template, and WhatsApp reports it delivered and read', async () => {
    const meera = person(service);
    await verified(service, meera, { whatsapp: true, sms: true });
    await handOver(service, receipt(meera, 'payment-receipt:ORD-W1'));
    await handOver(service, receipt(meera, 'payment-receipt:ORD-W1'));
    await service.smtp.waitForMail((mail) => mail.subject === 'Payment received payment-receipt:ORD-W1');
    const received = await until(
      async () =>
        service.handsets.receivedBy(meera.mobile).filter((message) => message.templateId !== DLT.templates['phone-code'].templateId),
      (messages) => messages.length >= 2,
    );
    const whatsapp = received.filter((message) => message.channel === 'whatsapp');
    const sms = received.filter((message) => message.channel === 'sms');
    expect(whatsapp.map(({ template, values }) => ({ template, values }))).toEqual([
      { template: 'payment_receipt', values: ['1,180', 'Professional', `${PUBLIC_URL}/subscription`] },
    ]);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.values[0]).toBe('1,180');
    expect(sms[0]!.values[1]).toMatch(new RegExp(`^${PUBLIC_URL}/api/notifications/sms\\?t=${meera.userId}\\.[\\w-]{22}$`));
    expect(sms[0]!.text).toBe(fill(DLT.templates['payment-receipt'].text, sms[0]!.values));

    await fetch(`${service.handsets.baseUrl}/`); // the phone shows it: WhatsApp reports it read
    const log = await until(
      () => deliveryLog(service, meera),
      (messages) =>
        messages.some((m) => m.channel === 'whatsapp' && m.providerStatus === 'read') &&
        messages.some((m) => m.channel === 'sms' && m.providerStatus === 'delivered'),
    );
    const receipts = log.filter((m) => m.id.startsWith('payment-receipt:ORD-W1'));
    expect(receipts.map((m) => `${m.channel} ${m.id} ${m.state}`).sort()).toEqual([
      'email payment-receipt:ORD-W1 sent',
      'sms payment-receipt:ORD-W1#sms sent',
      'whatsapp payment-receipt:ORD-W1#whatsapp sent',
    ]);
  });

  it('when the person replies STOP on WhatsApp, then their WhatsApp consent is withdrawn and kept in their data, and a reminder goes by e-mail and SMS only', async () => {
    const kiran = person(service);
    await verified(service, kiran, { whatsapp: true, sms: true });
    await service.handsets.reply(kiran.mobile, 'STOP');
    const { get } = call(service, kiran);
    await until(
      async () => (await get('/api/notifications/phone')).body.channels.whatsapp.on,
      (on) => on === false,
    );
    const record = await service.phones.record(kiran.userId);
    expect(record.changes.map(({ channel, on, via, version, text }) => ({ channel, on, via, version, text }))).toEqual([
      {
        channel: 'whatsapp',
        on: true,
        via: 'profile',
        version: PHONE_CONSENT_TEXTS.whatsapp.version,
        text: PHONE_CONSENT_TEXTS.whatsapp.text,
      },
      { channel: 'sms', on: true, via: 'profile', version: PHONE_CONSENT_TEXTS.sms.version, text: PHONE_CONSENT_TEXTS.sms.text },
      {
        channel: 'whatsapp',
        on: false,
        via: 'whatsapp-reply',
        version: PHONE_CONSENT_TEXTS.whatsapp.version,
        text: PHONE_CONSENT_TEXTS.whatsapp.text,
      },
    ]);

    await handOver(service, reminder(kiran, 'expiry-reminder:K1'));
    await service.smtp.waitForMail((mail) => mail.subject === 'Your plan ends soon expiry-reminder:K1');
    await until(
      async () => service.handsets.receivedBy(kiran.mobile).filter((m) => m.templateId === DLT.templates['expiry-reminder'].templateId),
      (messages) => messages.length === 1,
    );
    const log = await until(
      () => deliveryLog(service, kiran),
      (messages) => messages.filter((m) => m.id.startsWith('expiry-reminder:K1')).every((m) => m.state === 'sent'),
    );
    expect(
      log
        .filter((m) => m.id.startsWith('expiry-reminder:K1'))
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['email', 'sms']);
    expect(service.handsets.receivedBy(kiran.mobile).filter((m) => m.channel === 'whatsapp')).toEqual([]);
  });

  it('when the link in an SMS is opened, then its page changes nothing; its button stops SMS; a forged link gets the invalid page', async () => {
    const dev = person(service);
    await verified(service, dev, { sms: true });
    await handOver(service, receipt(dev, 'payment-receipt:ORD-S1'));
    const [sms] = await until(
      async () => service.handsets.receivedBy(dev.mobile).filter((m) => m.templateId === DLT.templates['payment-receipt'].templateId),
      (messages) => messages.length === 1,
    );
    const link = new URL(sms!.values[1]!);
    const page = await request(service.app).get(`${link.pathname}${link.search}`).expect(200);
    expect(page.text).toContain('Stop SMS');
    expect((await call(service, dev).get('/api/notifications/phone')).body.channels.sms.on).toBe(true);

    const stopped = await request(service.app).post(`${link.pathname}${link.search}`).type('form').send({}).expect(200);
    expect(stopped.text).toContain('SMS stopped');
    expect((await call(service, dev).get('/api/notifications/phone')).body.channels.sms.on).toBe(false);
    const forged = await request(service.app).get(`/api/notifications/sms?t=${dev.userId}.AAAAAAAAAAAAAAAAAAAAAA`).expect(400);
    expect(forged.text).toContain(PHONE_MESSAGES.invalidSmsLink);
  });

  it('when a callback does not carry the app secret’s signature, then it is refused and changes nothing; Meta’s subscription check gets its challenge', async () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { metadata: { phone_number_id: '1' }, messages: [{ from: '919876543299', type: 'text', text: { body: 'STOP' } }] },
            },
          ],
        },
      ],
    });
    const forged = createHmac('sha256', 'not-the-app-secret').update(body).digest('hex');
    await request(service.app)
      .post('/api/notifications/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', `sha256=${forged}`)
      .send(body)
      .expect(401);
    await request(service.app)
      .post('/api/notifications/whatsapp/webhook')
      .set('content-type', 'application/json')
      .send('{"object":')
      .expect(401);
    // signed, but not JSON: refused as malformed
    await request(service.app)
      .post('/api/notifications/whatsapp/webhook')
      .set('content-type', 'application/json')
      .set('x-hub-signature-256', `sha256=${createHmac('sha256', service.appSecret).update('{"object":').digest('hex')}`)
      .send('{"object":')
      .expect(400);
    const check = await request(service.app)
      .get('/api/notifications/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wa-verify-token', 'hub.challenge': '1158201444' })
      .expect(200);
    expect(check.text).toBe('1158201444');
    await request(service.app)
      .get('/api/notifications/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' })
      .expect(403);
  });

  it('when Meta moves the receipt template to marketing, then its WhatsApp copy is held with the reason; moved back to utility, it goes once', async () => {
    const templateReport = (value: object) => {
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: 'WABA', changes: [{ field: 'template_category_update', value }] }],
      });
      return request(service.app)
        .post('/api/notifications/whatsapp/webhook')
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', `sha256=${createHmac('sha256', service.appSecret).update(body).digest('hex')}`)
        .send(body);
    };
    const moved = {
      message_template_id: 1,
      message_template_name: 'payment_receipt',
      message_template_language: 'en',
      previous_category: 'UTILITY',
    };
    const nila = person(service);
    await verified(service, nila, { whatsapp: true });
    await templateReport({ ...moved, new_category: 'MARKETING' }).expect(200);
    await handOver(service, receipt(nila, 'payment-receipt:ORD-M1'));
    const held = await until(
      () => deliveryLog(service, nila),
      (messages) => messages.some((m) => m.id === 'payment-receipt:ORD-M1#whatsapp' && m.state === 'retrying'),
    );
    expect(held.find((m) => m.id === 'payment-receipt:ORD-M1#whatsapp')?.lastError).toBe(
      'WhatsApp reports the template payment_receipt as MARKETING, not UTILITY',
    );
    expect(service.handsets.receivedBy(nila.mobile).filter((m) => m.channel === 'whatsapp')).toEqual([]);

    await templateReport({ ...moved, previous_category: 'MARKETING', new_category: 'UTILITY' }).expect(200);
    await until(
      async () => service.handsets.receivedBy(nila.mobile).filter((m) => m.channel === 'whatsapp'),
      (messages) => messages.length === 1,
      30_000,
    );
    await until(
      () => deliveryLog(service, nila),
      (messages) => messages.find((m) => m.id === 'payment-receipt:ORD-M1#whatsapp')?.state === 'sent',
      30_000,
    );
    expect(service.handsets.receivedBy(nila.mobile).filter((m) => m.channel === 'whatsapp')).toHaveLength(1);
  });

  it('when WhatsApp and the SMS gateway are away while a receipt is due, then it arrives once on each when they return', async () => {
    const tara = person(service);
    await verified(service, tara, { whatsapp: true, sms: true });
    await service.stopPhones();
    await handOver(service, receipt(tara, 'payment-receipt:ORD-D1'));
    // away through five tries of each copy: at production's pace (5 s, 15 s, 30 s, 1 min, 1 min) more than two minutes
    const copies = await until(
      () => deliveryLog(service, tara),
      (messages) => {
        const phoneCopies = messages.filter((m) => m.id.startsWith('payment-receipt:ORD-D1#'));
        return phoneCopies.length === 2 && phoneCopies.every((m) => m.state === 'retrying' && m.attempts >= 5);
      },
    );
    expect(copies.filter((m) => m.id.startsWith('payment-receipt:ORD-D1#')).map((m) => m.state)).toEqual(['retrying', 'retrying']);
    await service.restartPhones();
    const received = await until(
      async () => service.handsets.receivedBy(tara.mobile),
      (messages) => messages.length >= 2,
      30_000,
    );
    await until(
      () => deliveryLog(service, tara),
      (messages) => messages.filter((m) => m.id.startsWith('payment-receipt:ORD-D1')).every((m) => m.state === 'sent'),
      30_000,
    );
    expect(
      service.handsets
        .receivedBy(tara.mobile)
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['sms', 'whatsapp']);
    expect(received.length).toBe(2);
  });
});
