import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT, type JWK } from 'jose';
import request from 'supertest';
import {
  EVENT_QUEUES,
  LICENSE_AUDIENCE,
  LICENSE_ERRORS,
  LICENSE_ISSUER,
  LICENSE_MESSAGES,
  SECURITY_RECORDED,
  formatIndianDate,
  type SecurityEvent,
} from '@portal/contracts';
import { queuedEvents } from '@portal/platform/testing';
import { createLicenseSigner } from '../src/licensing/security/license-signer';
import { DAY, eventually, firmBuys, newUserId, startBilling, type BillingHarness } from './billing-harness';

const ed25519 = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
/** What the desktop app sends: a hash of the machine, never its hardware ids. */
const deviceId = (name: string) => createHash('sha256').update(name).digest('hex');
const device = (name: string) => ({ deviceId: deviceId(name), deviceName: name, os: 'Windows 11 Pro 23H2', appVersion: '1.2.0' });

describe('device activations and the offline licence', () => {
  let billing: BillingHarness;
  const signingKey = ed25519();
  beforeAll(async () => {
    billing = await startBilling('licensing', { LICENSE_SIGNING_KEY: signingKey.privatePem, LICENSE_GRACE_DAYS: '7' });
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const activate = (token: string, body: object) => request(billing.url).post('/api/licenses/activate').set(bearer(token)).send(body);
  const checkIn = (token: string, body: object) => request(billing.url).post('/api/licenses/refresh').set(bearer(token)).send(body);
  async function verify(license: string) {
    const keys = (await request(billing.url).get('/api/licenses/keys')).body;
    return jwtVerify(license, createLocalJWKSet(keys), {
      issuer: LICENSE_ISSUER,
      audience: LICENSE_AUDIENCE,
      currentDate: billing.clock.now,
    });
  }
  /** A user on a trial (one device), with their user and desktop tokens. */
  async function trialUser(email: string) {
    const id = newUserId();
    const user = billing.addUser(id, email);
    expect((await request(billing.url).post('/api/start-trial').set(bearer(user))).status).toBe(200);
    return { id, user, desktop: billing.desktopToken(id, email) };
  }
  const setPlan = (id: string, subscriptionPlan: string, subscriptionStatus: string) =>
    request(billing.url)
      .put(`/api/admin/users/${id}/subscription`)
      .set(bearer(billing.adminToken()))
      .send({
        subscriptionPlan,
        subscriptionStatus,
        subscriptionStartDate: new Date(Date.now() - DAY).toISOString().slice(0, 10),
        subscriptionEndDate: new Date(Date.now() + (subscriptionStatus === 'active' ? 60 : -1) * DAY).toISOString().slice(0, 10),
        planPrice: 1000,
      });

  it('when a trial user activates a machine, then the licence is an EdDSA JWS with who, plan, end and device, valid offline for 7 days', async () => {
    const { id, desktop } = await trialUser('asha.licence@example.in');
    const answer = await activate(desktop, device('ASHA-LAPTOP'));
    expect(answer.status).toBe(201);
    expect(answer.body.device).toMatchObject({ deviceId: deviceId('ASHA-LAPTOP'), deviceName: 'ASHA-LAPTOP', appVersion: '1.2.0' });
    const header = decodeProtectedHeader(answer.body.license);
    const published = (await request(billing.url).get('/api/licenses/keys')).body.keys as JWK[];
    // the key id is the RFC 7638 thumbprint of the key the set publishes
    expect(header).toEqual({ alg: 'EdDSA', typ: 'tpp-licence+jwt', kid: await calculateJwkThumbprint(published[0]!, 'sha256') });
    expect(published[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: header.kid });
    const { payload } = await verify(answer.body.license);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.nbf).toBe(payload.iat);
    expect(payload.entitlement_end_at).toBe(Math.floor(new Date(payload.entitlement_end as string).getTime() / 1000));
    expect(payload).toMatchObject({
      sub: id,
      email: 'asha.licence@example.in',
      plan: 'trial',
      status: 'trial',
      device_id: deviceId('ASHA-LAPTOP'),
    });
    expect(payload.exp! - payload.iat!).toBe(7 * 24 * 3600);
    expect(new Date(payload.entitlement_end as string).getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    expect(answer.body.expiresAt).toBe(new Date(payload.exp! * 1000).toISOString());
  });

  it('when a second machine exceeds the trial’s one device, then 409 lists the active one; deactivating it frees the place', async () => {
    const { user, desktop } = await trialUser('ravi.devices@example.in');
    expect((await activate(desktop, device('RAVI-DESKTOP'))).status).toBe(201);
    expect((await activate(desktop, device('RAVI-DESKTOP'))).status).toBe(201); // the same machine again takes no second place
    const refused = await activate(desktop, device('RAVI-LAPTOP'));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: LICENSE_ERRORS.deviceLimit,
      message: LICENSE_MESSAGES.deviceLimit(1),
      devices: [expect.objectContaining({ deviceId: deviceId('RAVI-DESKTOP'), deviceName: 'RAVI-DESKTOP', os: 'Windows 11 Pro 23H2' })],
    });
    // the security log has each activation and the refusal, with the machine
    const logged = (await queuedEvents<SecurityEvent>(billing.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED)).filter(
      (event) => event.kind === 'licence-activated' && event.subject.label === 'ravi.devices@example.in',
    );
    expect(logged.map((event) => [event.outcome, event.reason, event.details?.deviceName])).toEqual([
      ['success', undefined, 'RAVI-DESKTOP'],
      ['success', undefined, 'RAVI-DESKTOP'],
      ['failure', LICENSE_ERRORS.deviceLimit, 'RAVI-LAPTOP'],
    ]);
    const listed = await request(billing.url).get('/api/licenses/devices').set(bearer(user));
    expect(listed.body.devices.map((row: { deviceName: string }) => row.deviceName)).toEqual(['RAVI-DESKTOP']);
    expect(
      (
        await request(billing.url)
          .delete(`/api/licenses/devices/${deviceId('RAVI-DESKTOP')}`)
          .set(bearer(user))
      ).body,
    ).toEqual({
      message: LICENSE_MESSAGES.deactivated,
    });
    expect((await activate(desktop, device('RAVI-LAPTOP'))).status).toBe(201);
    const stale = await checkIn(desktop, { deviceId: deviceId('RAVI-DESKTOP'), appVersion: '1.2.0' });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toBe(LICENSE_ERRORS.deviceNotActivated);
  });

  it('when 10 machines activate at once on a plan of 2, then exactly 2 are activated', async () => {
    const { id, desktop } = await trialUser('firm.rush@example.in');
    expect((await setPlan(id, 'professional', 'active')).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => activate(desktop, device(`FIRM-PC-${n}`))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await billing.db.connection.collection('activations').countDocuments({ userId: id, active: true })).toBe(2);
  });

  it('when the plan ends or nobody has one, then activation and check-in are refused with no_entitlement', async () => {
    const { id, desktop } = await trialUser('ending@example.in');
    expect((await activate(desktop, device('ENDING-PC'))).status).toBe(201);
    await setPlan(id, 'basic', 'expired');
    const ended = await checkIn(desktop, { deviceId: deviceId('ENDING-PC'), appVersion: '1.3.0' });
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({ error: LICENSE_ERRORS.noEntitlement, message: LICENSE_MESSAGES.noEntitlement });
    const nobody = newUserId();
    const never = await activate(billing.desktopToken(nobody, 'never@example.in'), device('NEVER-PC'));
    expect(never.status).toBe(403);
    expect(never.body.error).toBe(LICENSE_ERRORS.noEntitlement);
  });

  it('when a machine checks in near the end of a plan whose licence stops, then the licence ends with the plan, not after the grace period', async () => {
    const { id, desktop } = await trialUser('checkin@example.in');
    await setPlan(id, 'professional', 'active');
    await activate(desktop, device('CHECKIN-PC'));
    billing.clock.now = new Date(Date.now() + 58 * DAY); // two days before the plan ends
    const fresh = await checkIn(desktop, { deviceId: deviceId('CHECKIN-PC'), appVersion: '1.3.0' });
    expect(fresh.status).toBe(200);
    const { payload } = await verify(fresh.body.license);
    expect(payload).toMatchObject({ plan: 'professional', status: 'active', after_end: 'stop' });
    expect(payload.exp! * 1000).toBe(new Date(payload.entitlement_end as string).getTime());
    expect(fresh.body.device.appVersion).toBe('1.3.0');
  });

  it('when a licence is altered or its key is unknown, then it does not verify', async () => {
    const { desktop } = await trialUser('tamper@example.in');
    const { license } = (await activate(desktop, device('TAMPER-PC'))).body;
    const [header, payload, signature] = license.split('.');
    // one character of the signature changed, and, apart, the claims rewritten to another plan
    const other = signature[20] === 'A' ? 'B' : 'A';
    const flipped = `${header}.${payload}.${signature.slice(0, 20)}${other}${signature.slice(21)}`;
    expect(flipped).not.toBe(license);
    await expect(verify(flipped)).rejects.toThrow();
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const upgraded = Buffer.from(JSON.stringify({ ...claims, plan: 'business' })).toString('base64url');
    await expect(verify(`${header}.${upgraded}.${signature}`)).rejects.toThrow();
    const otherKey = createLicenseSigner(ed25519().privatePem);
    const forged = await otherKey.sign(
      {
        sub: 'x',
        email: 'x@example.in',
        plan: 'business',
        status: 'active',
        after_end: 'keep_builds',
        tax_years: ['2029-30'],
        entitlement_end: '2030-01-01T00:00:00.000Z',
        entitlement_end_at: 1893456000,
        device_id: deviceId('X'),
      },
      billing.clock.now,
      new Date(billing.clock.now.getTime() + DAY),
    );
    await expect(verify(forged)).rejects.toThrow();
  });

  it('when the signing key is rotated, then the new key signs and licences of the retired key still verify until it is removed', async () => {
    const retired = ed25519();
    const current = ed25519();
    const oldSigner = createLicenseSigner(retired.privatePem);
    const newSigner = createLicenseSigner(current.privatePem, retired.publicPem);
    const claims = {
      sub: 'u',
      email: 'u@example.in',
      plan: 'basic' as const,
      status: 'active' as const,
      after_end: 'stop' as const,
      tax_years: ['2029-30'],
      entitlement_end: '2030-01-01T00:00:00.000Z',
      entitlement_end_at: 1893456000,
      device_id: deviceId('U'),
    };
    const at = new Date();
    const until = new Date(at.getTime() + DAY);
    const jwks = await newSigner.jwks();
    // each key twice: under its RFC 7638 id and under the id licences carried before it
    expect(jwks.keys.map((key) => key.alg)).toEqual(['EdDSA', 'EdDSA', 'EdDSA', 'EdDSA']);
    const options = { issuer: LICENSE_ISSUER, audience: LICENSE_AUDIENCE };
    const legacyKid = createHash('sha256')
      .update(createPublicKey(current.privatePem).export({ type: 'spki', format: 'der' }))
      .digest('base64url')
      .slice(0, 16);
    const signedBeforeTheChange = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: legacyKid, typ: 'tpp-licence+jwt' })
      .setIssuer(LICENSE_ISSUER)
      .setAudience(LICENSE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(createPrivateKey(current.privatePem));
    await expect(jwtVerify(signedBeforeTheChange, createLocalJWKSet(jwks as never), options)).resolves.toBeTruthy();
    await expect(jwtVerify(await oldSigner.sign(claims, at, until), createLocalJWKSet(jwks as never), options)).resolves.toBeTruthy();
    await expect(jwtVerify(await newSigner.sign(claims, at, until), createLocalJWKSet(jwks as never), options)).resolves.toBeTruthy();
    const afterRemoval = await createLicenseSigner(current.privatePem).jwks();
    await expect(jwtVerify(await oldSigner.sign(claims, at, until), createLocalJWKSet(afterRemoval as never), options)).rejects.toThrow();
  });

  it('when the admin looks at a user, then their devices show and any can be deactivated', async () => {
    const { id, desktop } = await trialUser('admin.view@example.in');
    await activate(desktop, device('ADMIN-VIEW-PC'));
    const admin = bearer(billing.adminToken());
    expect((await request(billing.url).get(`/api/admin/users/${id}/devices`).set(admin)).body.devices).toEqual([
      expect.objectContaining({ deviceName: 'ADMIN-VIEW-PC' }),
    ]);
    expect(
      (
        await request(billing.url)
          .delete(`/api/admin/users/${id}/devices/${deviceId('ADMIN-VIEW-PC')}`)
          .set(admin)
      ).status,
    ).toBe(200);
    expect((await request(billing.url).get(`/api/admin/users/${id}/devices`).set(admin)).body.devices).toEqual([]);
  });

  it('when the user is deleted, then their activations go with the subscription', async () => {
    const { id, desktop } = await trialUser('leaving.devices@example.in');
    await activate(desktop, device('LEAVING-PC'));
    await billing.built.reporting.deleteUser(id);
    expect(await billing.db.connection.collection('activations').countDocuments({ userId: id })).toBe(0);
  });

  it.each([
    ['a raw hardware id', { ...device('RAW'), deviceId: '00:1A:2B:3C:4D:5E' }, 400, LICENSE_MESSAGES.deviceId],
    ['an operator', { ...device('OP'), deviceId: { $ne: null } }, 400, LICENSE_MESSAGES.deviceId],
    ['no device name', { ...device('NONAME'), deviceName: ' ' }, 400, LICENSE_MESSAGES.deviceName],
    ['a bad version', { ...device('VERSION'), appVersion: 'latest' }, 400, 'Version must be a semantic version such as 1.4.2'],
  ])('when an activation sends %s, then 400 and nothing is stored', async (_case, body, status, message) => {
    const { id, desktop } = await trialUser(`bad.${Math.random()}@example.in`);
    const answer = await activate(desktop, body);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    expect(await billing.db.connection.collection('activations').countDocuments({ userId: id })).toBe(0);
  });

  it('when a token of the wrong kind is used, then 401; another user’s device is not found', async () => {
    const { id, user, desktop } = await trialUser('kinds@example.in');
    await activate(desktop, device('KINDS-PC'));
    expect((await activate(user, device('KINDS-2'))).status).toBe(401);
    expect((await request(billing.url).get('/api/licenses/devices').set(bearer(desktop))).status).toBe(401);
    expect((await request(billing.url).get(`/api/admin/users/${id}/devices`).set(bearer(user))).status).toBe(401);
    const other = await trialUser('other.kinds@example.in');
    expect(
      (
        await request(billing.url)
          .delete(`/api/licenses/devices/${deviceId('KINDS-PC')}`)
          .set(bearer(other.user))
      ).status,
    ).toBe(404);
    expect(await billing.db.connection.collection('activations').countDocuments({ userId: id, active: true })).toBe(1);
  });

  it('when the app is older than its channel’s minimum version, then activation and check-in are refused with update_required in the admin’s words, and its licence keeps its end', async () => {
    const { desktop } = await trialUser('old-build@example.in');
    const activated = await activate(desktop, device('OLD-BUILD-PC'));
    expect(activated.status).toBe(201);
    const before = (await verify(activated.body.license)).payload.exp;

    await billing.setMinimum('stable', { minimumVersion: '1.3.0', message: 'Version 1.2 cannot file for AY 2027-28. Update to go on.' });
    // a channel's minimum is kept 15 s per process: a check-in after that reads the new one
    billing.clock.now = new Date(billing.clock.now.getTime() + 16_000);
    try {
      const refused = await checkIn(desktop, { deviceId: deviceId('OLD-BUILD-PC'), appVersion: '1.2.0' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error: LICENSE_ERRORS.updateRequired,
        message: 'Version 1.2 cannot file for AY 2027-28. Update to go on.',
      });
      const again = await activate(desktop, { ...device('OLD-BUILD-PC'), appVersion: '1.2.9' });
      expect([again.status, again.body.error]).toEqual([403, LICENSE_ERRORS.updateRequired]);
      // offline, the licence it holds runs to its own end
      expect((await verify(activated.body.license)).payload.exp).toBe(before);
      // updated, it checks in; a beta build follows the beta channel, which has no minimum
      expect((await checkIn(desktop, { deviceId: deviceId('OLD-BUILD-PC'), appVersion: '1.3.0' })).status).toBe(200);
      expect((await checkIn(desktop, { deviceId: deviceId('OLD-BUILD-PC'), appVersion: '1.2.0-beta.3' })).status).toBe(200);
    } finally {
      await billing.setMinimum('stable', null);
      billing.clock.now = new Date(billing.clock.now.getTime() + 16_000);
    }
  });

  it('when a holder moves a basic plan’s licence a fourth time in 365 days, then 429 names the day a move is free again; a move leaves the count 365 days on to the millisecond, and an admin can allow one more', async () => {
    const { id, user, desktop } = await trialUser('mover@example.in');
    const start = billing.clock.now;
    const plan = await request(billing.url)
      .put(`/api/admin/users/${id}/subscription`)
      .set(bearer(billing.adminToken()))
      .send({
        subscriptionPlan: 'basic',
        subscriptionStatus: 'active',
        subscriptionStartDate: new Date(start.getTime() - DAY).toISOString().slice(0, 10),
        subscriptionEndDate: new Date(start.getTime() + 800 * DAY).toISOString().slice(0, 10),
        planPrice: 500,
      });
    expect(plan.status).toBe(200);
    const move = () =>
      request(billing.url)
        .delete(`/api/licenses/devices/${deviceId('MOVING-PC')}`)
        .set(bearer(user));
    const moveAt = async (at: number) => {
      billing.clock.now = new Date(at);
      expect((await activate(desktop, device('MOVING-PC'))).status).toBe(201);
      return move();
    };
    for (const day of [0, 1, 2]) expect((await moveAt(start.getTime() + day * DAY)).status).toBe(200);

    const fourth = await moveAt(start.getTime() + 3 * DAY);
    expect(fourth.status).toBe(429);
    const freeOn = new Date(start.getTime() + 365 * DAY);
    expect(fourth.body.message).toBe(LICENSE_MESSAGES.movesUsed(3, formatIndianDate(freeOn)));
    expect(fourth.body.moves).toEqual({ allowed: 3, used: 3, nextFreeAt: freeOn.toISOString() });
    expect(Number(fourth.headers['retry-after'])).toBe(362 * 24 * 60 * 60);
    // the machine stays activated: nothing changed
    expect((await billing.db.connection.collection('activations').findOne({ userId: id }))?.active).toBe(true);

    billing.clock.now = new Date(freeOn.getTime() - 1);
    const justBefore = await move();
    expect(justBefore.status).toBe(429);
    billing.clock.now = freeOn;
    expect((await move()).status).toBe(200);

    // all three used again within the year; an admin allows one more, audited, and an admin's own deactivation is no move
    for (const day of [1, 2]) expect((await moveAt(freeOn.getTime() + day * DAY)).status).toBe(200);
    expect((await moveAt(freeOn.getTime() + 3 * DAY)).status).toBe(429);
    const granted = await request(billing.url).post(`/api/admin/users/${id}/devices/moves`).set(bearer(billing.adminToken())).send({});
    expect(granted.status).toBe(201);
    expect(granted.body).toEqual({ message: LICENSE_MESSAGES.moveGranted, moves: { allowed: 4, used: 3, nextFreeAt: null } });
    expect((await move()).status).toBe(200);
    expect((await activate(desktop, device('MOVING-PC'))).status).toBe(201);
    const byAdmin = await request(billing.url)
      .delete(`/api/admin/users/${id}/devices/${deviceId('MOVING-PC')}`)
      .set(bearer(billing.adminToken()));
    expect(byAdmin.status).toBe(200);
    expect(await billing.db.connection.collection('device_moves').countDocuments({ userId: id, kind: 'move' })).toBe(7);
    // every move used again; once the plan has ended, freeing a machine protects nothing and is not counted
    expect((await moveAt(freeOn.getTime() + 4 * DAY)).status).toBe(429);
    await request(billing.url)
      .put(`/api/admin/users/${id}/subscription`)
      .set(bearer(billing.adminToken()))
      .send({
        subscriptionPlan: 'basic',
        subscriptionStatus: 'expired',
        subscriptionEndDate: new Date(start.getTime() + 360 * DAY).toISOString().slice(0, 10),
      })
      .expect(200);
    expect((await move()).status).toBe(200);
    expect(await billing.db.connection.collection('device_moves').countDocuments({ userId: id, kind: 'move' })).toBe(7);
    const malformed = await request(billing.url)
      .post(`/api/admin/users/${id}/devices/moves`)
      .set(bearer(billing.adminToken()))
      .send({ firmId: { $ne: null } });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Malformed firm id']);
  });

  it('when a plan whose licence keeps its builds ends, then the licence runs its grace days past the end, and check-ins go on with a lapsed licence; a plan that stops is refused', async () => {
    const { id, desktop } = await trialUser('keeper@example.in');
    await setPlan(id, 'business', 'active');
    await activate(desktop, device('KEEPER-PC'));
    billing.clock.now = new Date(Date.now() + 58 * DAY); // two days before the plan ends
    const nearEnd = await checkIn(desktop, { deviceId: deviceId('KEEPER-PC'), appVersion: '1.3.0' });
    const near = (await verify(nearEnd.body.license)).payload;
    expect(near).toMatchObject({ plan: 'business', status: 'active', after_end: 'keep_builds' });
    // offline at the end, it goes on for the grace days
    expect(near.exp! * 1000).toBe(Math.floor((billing.clock.now.getTime() + 7 * DAY) / 1000) * 1000);

    billing.clock.now = new Date(Date.now() + 90 * DAY); // a month after the end
    const lapsed = await checkIn(desktop, { deviceId: deviceId('KEEPER-PC'), appVersion: '1.3.0' });
    expect(lapsed.status).toBe(200);
    const claims = (await verify(lapsed.body.license)).payload;
    expect(claims).toMatchObject({
      plan: 'business',
      status: 'lapsed',
      after_end: 'keep_builds',
      entitlement_end_at: near.entitlement_end_at,
    });
    // a new machine is no continuation: it needs a plan
    expect((await activate(desktop, device('KEEPER-LAPTOP'))).body.error).toBe(LICENSE_ERRORS.noEntitlement);

    const { id: other, desktop: theirs } = await trialUser('stopper@example.in');
    await setPlan(other, 'professional', 'active');
    billing.clock.now = new Date();
    await activate(theirs, device('STOPPER-PC'));
    billing.clock.now = new Date(Date.now() + 90 * DAY);
    expect((await checkIn(theirs, { deviceId: deviceId('STOPPER-PC'), appVersion: '1.3.0' })).body.error).toBe(
      LICENSE_ERRORS.noEntitlement,
    );
  });

  it('when a plan that keeps its builds is refunded in full, then it keeps nothing: the check-in is refused rather than lapsed', async () => {
    billing.clock.now = new Date();
    const firm = await firmBuys(billing, { plan: 'business', billingPeriod: 'monthly', at: billing.clock.now.toISOString() });
    const desktop = billing.desktopToken(firm.userId, firm.email);
    expect((await activate(desktop, device('REFUNDED-PC'))).status).toBe(201);
    const refunded = await request(billing.url)
      .post(`/api/admin/transactions/${firm.orderId}/refunds`)
      .set(bearer(billing.adminToken()))
      .send({ amount: 2000, reason: 'Bought by mistake' });
    expect(refunded.status).toBe(201);
    const subscriptions = billing.db.connection.collection('subscriptions');
    await eventually(async () => (await subscriptions.findOne({ accountId: firm.userId }))?.endedByRefund === true);
    const refused = await checkIn(desktop, { deviceId: deviceId('REFUNDED-PC'), appVersion: '1.3.0' });
    expect([refused.status, refused.body.error]).toEqual([403, LICENSE_ERRORS.noEntitlement]);
  });
});
