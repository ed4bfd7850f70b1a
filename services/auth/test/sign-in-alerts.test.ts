import request from 'supertest';
import { DESKTOP_CLIENT_ID, DEVICE_GRANT_TYPE, EVENT_QUEUES, SECURITY_RECORDED, type SecurityEvent } from '@portal/contracts';
import { queuedEvents } from '@portal/platform/testing';
import { describeBrowser } from '@portal/contracts';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const EDGE_WINDOWS = `${CHROME_WINDOWS} Edg/131.0.0.0`;
const SUBJECT = 'New sign-in to your Tax Practitioner Portal account';

describe('the e-mail for a sign-in from a browser or desktop not seen before', () => {
  let auth: AuthHarness;
  const clock = { now: new Date('2026-11-26T14:05:00Z') };
  beforeAll(async () => {
    auth = await startAuth('sign-in-alerts', {}, clock);
  });
  afterAll(() => auth.close());

  const alerts = () => auth.smtp.inbox.filter((mail) => mail.subject === SUBJECT);
  const login = (browser: ReturnType<typeof request.agent>, userAgent: string) =>
    browser.post('/api/auth/login').set('User-Agent', userAgent).send({ email: 'ravi.kumar@example.in', password: 'secret12' }).expect(200);

  it('when a person signs up, then their browser gets a device cookie only auth’s paths read, and no e-mail', async () => {
    const home = request.agent(auth.app);
    const signedUp = await home.post('/api/auth/register').set('User-Agent', CHROME_WINDOWS).send(validSignup()).expect(201);
    const cookie = signedUp.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^portal_device=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/api\/auth; Expires=.*; HttpOnly; SameSite=Lax$/);
    await login(home, CHROME_WINDOWS);
    await auth.smtp.waitForMail((mail) => mail.subject?.startsWith('Welcome') ?? false);
    expect(alerts()).toHaveLength(0);
  });

  it('when they sign in from another browser, then one e-mail says when (IST), from which browser and address, and where to change the password; once per browser', async () => {
    const office = request.agent(auth.app);
    const first = await login(office, EDGE_WINDOWS);
    const mail = await auth.smtp.waitForMail((m) => m.subject === SUBJECT && (m.text ?? '').includes('Edge on Windows'));
    expect(mail.to).toMatchObject({ text: 'ravi.kumar@example.in' });
    expect(mail.text).toContain('Edge on Windows, at address ');
    expect(mail.text).toContain('on 26 Nov 2026, 7:35 pm IST');
    expect(mail.text).toContain('http://portal.test/profile?tab=privacy');
    expect(mail.text).toContain('http://portal.test/forgot-password');
    const again = await login(office, EDGE_WINDOWS);
    // the person's list of sign-ins marks that one by its request: the new device is logged beside it, once
    const recorded = await queuedEvents<SecurityEvent>(auth.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED);
    const ofRequest = (id: string) => recorded.filter((event) => event.requestId === id).map((event) => `${event.kind} ${event.reason}`);
    expect(ofRequest(first.headers['x-request-id']!)).toEqual(['sign-in password', 'new-device browser']);
    expect(ofRequest(again.headers['x-request-id']!)).toEqual(['sign-in password']);
    expect(recorded.filter((event) => event.kind === 'new-device')).toHaveLength(1);
    // a third browser's e-mail arrives after anything the second one's sign-in could have sent
    await login(request.agent(auth.app), FIREFOX_ANDROID);
    await auth.smtp.waitForMail((m) => m.subject === SUBJECT && (m.text ?? '').includes('Firefox on Android'));
    expect(alerts().map((m) => (m.text ?? '').includes('Edge on Windows'))).toEqual([true, false]);
  });

  it('when a browser sends a device cookie that is not one of ours, then it counts as a new browser', async () => {
    await request(auth.app)
      .post('/api/auth/login')
      .set('User-Agent', CHROME_WINDOWS)
      .set('Cookie', 'portal_device=../../etc/passwd')
      .send({ email: 'ravi.kumar@example.in', password: 'secret12' })
      .expect(200);
    await auth.smtp.waitForMail((m) => m.subject === SUBJECT && (m.text ?? '').includes('Chrome on Windows'));
    expect(alerts()).toHaveLength(3);
  });

  it('when the desktop app signs in on a computer not seen before, then one e-mail names it and links to its session; its session start is in the security log', async () => {
    const token = (await login(request.agent(auth.app), CHROME_WINDOWS)).body.token as string;
    const desktopSignIn = async (deviceName: string) => {
      const started = await request(auth.app)
        .post('/api/auth/device/code')
        .type('form')
        .send({ client_id: DESKTOP_CLIENT_ID, device_name: deviceName })
        .expect(200);
      await request(auth.app)
        .post('/api/auth/device/decision')
        .set('Authorization', `Bearer ${token}`)
        .send({ user_code: started.body.user_code, decision: 'approve' })
        .expect(200);
      await request(auth.app)
        .post('/api/auth/device/token')
        .type('form')
        .send({ grant_type: DEVICE_GRANT_TYPE, device_code: started.body.device_code, client_id: DESKTOP_CLIENT_ID })
        .expect(200);
    };
    await desktopSignIn('Front desk PC');
    const mail = await auth.smtp.waitForMail((m) => m.subject === SUBJECT && (m.text ?? '').includes('Front desk PC'));
    expect(mail.text).toContain('a desktop app on a computer it had not been used from before: “Front desk PC”, at address ');
    expect(mail.text).toContain('http://portal.test/profile?tab=devices');
    await desktopSignIn('Front desk PC');
    await desktopSignIn('Partner’s laptop');
    await auth.smtp.waitForMail((m) => m.subject === SUBJECT && (m.text ?? '').includes('Partner’s laptop'));
    expect(alerts().filter((m) => (m.text ?? '').includes('Front desk PC'))).toHaveLength(1);
    const started = (await queuedEvents<SecurityEvent>(auth.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED)).filter(
      (event) => event.kind === 'token-issued',
    );
    expect(started.map((event) => [event.reason, event.details?.device])).toEqual([
      ['desktop-sign-in', 'Front desk PC'],
      ['desktop-sign-in', 'Front desk PC'],
      ['desktop-sign-in', 'Partner’s laptop'],
    ]);
  });

  it('when the browser is described, then a person recognises it', () => {
    expect(describeBrowser(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(describeBrowser(EDGE_WINDOWS)).toBe('Edge on Windows');
    expect(describeBrowser(FIREFOX_ANDROID)).toBe('Firefox on Android');
    expect(describeBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(describeBrowser(null)).toBe('an unknown browser');
    expect(describeBrowser('curl/8.5')).toBe('an unknown browser');
  });
});
