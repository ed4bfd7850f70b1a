import { createHash, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import request from 'supertest';
import {
  ACTIVATION_REQUEST_TYPE,
  DEACTIVATION_PROOF_TYPE,
  LICENCE_FILE_FORMAT,
  LICENSE_AUDIENCE,
  LICENSE_ERRORS,
  LICENSE_ISSUER,
  LICENSE_MESSAGES,
  OFFLINE_ACTIVATION_MESSAGES,
} from '@portal/contracts';
import { DAY, newUserId, startBilling, type BillingHarness } from './billing-harness';

/** A machine as the desktop app is on it: its device id, and the Ed25519 key it made for its files. */
async function machine(name: string) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = await exportJWK(publicKey);
  return {
    name,
    deviceId: createHash('sha256').update(`tax-practitioner:${name}`).digest('hex'),
    privateKey,
    jwk,
    thumbprint: await calculateJwkThumbprint(jwk, 'sha256'),
  };
}
type Machine = Awaited<ReturnType<typeof machine>>;

/** A file the app signs with a device key, its public key in the header, as docs/desktop-api.md §3a gives it. */
const signed = (claims: Record<string, unknown>, type: string, key: { privateKey: CryptoKey; jwk: JWK }, at: Date) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', typ: type, jwk: key.jwk })
    .setIssuedAt(Math.floor(at.getTime() / 1000))
    .sign(key.privateKey);

const requestFile = (pc: Machine, at: Date, signer: { privateKey: CryptoKey; jwk: JWK } = pc, appVersion = '1.2.0') =>
  signed(
    { device_id: pc.deviceId, device_name: pc.name, os: 'Windows 11 Pro 23H2', app_version: appVersion, jti: randomUUID() },
    ACTIVATION_REQUEST_TYPE,
    signer,
    at,
  );
const proofFile = (pc: Machine, licenseJti: string, at: Date, signer: { privateKey: CryptoKey; jwk: JWK } = pc) =>
  signed({ device_id: pc.deviceId, license_jti: licenseJti }, DEACTIVATION_PROOF_TYPE, signer, at);

/** A file changed after it was signed: another device name in the same signature. */
function tampered(file: string): string {
  const [header, payload, signature] = file.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  return [header, Buffer.from(JSON.stringify({ ...claims, device_name: 'Someone else’s PC' })).toString('base64url'), signature].join('.');
}

describe('activation by file, for a PC that cannot reach the portal', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('file-activation', { LICENSE_GRACE_DAYS: '7' });
  });
  afterAll(() => billing.close());
  beforeEach(() => {
    billing.clock.now = new Date('2026-12-01T06:30:00.000Z');
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const activateByFile = (token: string, file: string) =>
    request(billing.url).post('/api/licenses/offline/activations').set(bearer(token)).send({ request: file });
  const deactivateByFile = (token: string, file: string) =>
    request(billing.url).post('/api/licenses/offline/deactivations').set(bearer(token)).send({ proof: file });
  const devices = async (token: string) => (await request(billing.url).get('/api/licenses/devices').set(bearer(token))).body.devices;

  /** A Basic customer (one device) whose paid period ends 2027-01-15. */
  async function basicCustomer() {
    const id = newUserId();
    const token = billing.addUser(id, `filing.${id}@example.in`);
    const set = await request(billing.url).put(`/api/admin/users/${id}/subscription`).set(bearer(billing.adminToken())).send({
      subscriptionPlan: 'basic',
      subscriptionStatus: 'active',
      subscriptionStartDate: '2026-11-15',
      subscriptionEndDate: '2027-01-15',
      planPrice: 500,
    });
    expect(set.status).toBe(200);
    return { id, token };
  }

  it('when a request file is uploaded, then a licence file for the paid period comes back, bound to the device key, which a third-party JOSE library verifies from the keys it carries', async () => {
    const { id, token } = await basicCustomer();
    const pc = await machine('FILING-PC');
    const answer = await activateByFile(token, await requestFile(pc, billing.clock.now));
    expect(answer.status).toBe(201);
    const { licenseFile, expiresAt, device } = answer.body;
    expect(licenseFile.format).toBe(LICENCE_FILE_FORMAT);
    expect(device).toMatchObject({ deviceId: pc.deviceId, deviceName: 'FILING-PC', os: 'Windows 11 Pro 23H2', appVersion: '1.2.0' });
    const end = (await request(billing.url).get('/api/subscription-status').set(bearer(token))).body.subscriptionEndDate;
    // the paid period, not the 7 days of an online licence
    expect(expiresAt).toBe(new Date(Math.floor(new Date(end).getTime() / 1000) * 1000).toISOString());

    // jose, with only what the file holds: the PC cannot fetch the keys
    const { payload, protectedHeader } = await jwtVerify(licenseFile.license, createLocalJWKSet(licenseFile.keys), {
      issuer: LICENSE_ISSUER,
      audience: LICENSE_AUDIENCE,
      currentDate: new Date('2027-01-10T00:00:00.000Z'),
    });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'tpp-licence+jwt' });
    expect(payload).toMatchObject({
      sub: id,
      plan: 'basic',
      status: 'active',
      device_id: pc.deviceId,
      activation: 'file',
      cnf: { jkt: pc.thumbprint },
      exp: Math.floor(new Date(expiresAt).getTime() / 1000),
    });
    expect(await devices(token)).toEqual([expect.objectContaining({ deviceId: pc.deviceId })]);

    // the same PC again takes no second place; a second PC is over Basic's one device
    expect((await activateByFile(token, await requestFile(pc, billing.clock.now))).status).toBe(201);
    const second = await activateByFile(token, await requestFile(await machine('SECOND-PC'), billing.clock.now));
    expect([second.status, second.body.error, second.body.message]).toEqual([
      409,
      LICENSE_ERRORS.deviceLimit,
      LICENSE_MESSAGES.deviceLimit(1),
    ]);
  });

  it('when a request is tampered with, signed by another PC’s key, older than 30 days or not a request, then 400 says why and nothing is activated', async () => {
    const { token } = await basicCustomer();
    const pc = await machine('OFFLINE-PC');
    const intruder = await machine('INTRUDER-PC');
    const refusal = async (file: string) => {
      const answer = await activateByFile(token, file);
      return [answer.status, answer.body.message];
    };
    expect(await refusal(tampered(await requestFile(pc, billing.clock.now)))).toEqual([400, OFFLINE_ACTIVATION_MESSAGES.damaged]);
    expect(await refusal(await requestFile(pc, new Date(billing.clock.now.getTime() - 31 * DAY)))).toEqual([
      400,
      OFFLINE_ACTIVATION_MESSAGES.stale,
    ]);
    const proofNotRequest = await proofFile(pc, randomUUID(), billing.clock.now);
    expect(await refusal(proofNotRequest)).toEqual([400, OFFLINE_ACTIVATION_MESSAGES.damaged]);
    expect(await refusal('not a file')).toEqual([400, OFFLINE_ACTIVATION_MESSAGES.request]);
    expect(await devices(token)).toEqual([]);

    // the device id is bound to the key of its first file: another key's request for it is refused
    expect((await activateByFile(token, await requestFile(pc, billing.clock.now))).status).toBe(201);
    expect(await refusal(await requestFile(pc, billing.clock.now, intruder))).toEqual([400, OFFLINE_ACTIVATION_MESSAGES.otherKey]);
  });

  it('when the PC writes a deactivation file, then it frees the place as a move; one signed by another key, or for an earlier licence, is refused', async () => {
    const { token } = await basicCustomer();
    const pc = await machine('MOVING-PC');
    const first = await activateByFile(token, await requestFile(pc, billing.clock.now));
    const firstJti = (
      await jwtVerify(first.body.licenseFile.license, createLocalJWKSet(first.body.licenseFile.keys), { currentDate: billing.clock.now })
    ).payload.jti!;
    // activated again, by a new file: the first licence's deactivation file is for an earlier licence
    const again = await activateByFile(token, await requestFile(pc, billing.clock.now));
    const jti = (
      await jwtVerify(again.body.licenseFile.license, createLocalJWKSet(again.body.licenseFile.keys), { currentDate: billing.clock.now })
    ).payload.jti!;
    const refusal = async (file: string) => {
      const answer = await deactivateByFile(token, file);
      return [answer.status, answer.body.message];
    };
    expect(await refusal(await proofFile(pc, firstJti, billing.clock.now))).toEqual([400, OFFLINE_ACTIVATION_MESSAGES.earlierLicence]);
    expect(await refusal(await proofFile(pc, jti, billing.clock.now, await machine('OTHER-PC')))).toEqual([
      400,
      OFFLINE_ACTIVATION_MESSAGES.otherKey,
    ]);
    expect(await refusal(tampered(await proofFile(pc, jti, billing.clock.now)))).toEqual([400, OFFLINE_ACTIVATION_MESSAGES.damaged]);
    expect(await devices(token)).toHaveLength(1);

    const freed = await deactivateByFile(token, await proofFile(pc, jti, billing.clock.now));
    expect([freed.status, freed.body.message]).toEqual([200, LICENSE_MESSAGES.deactivated]);
    expect(await devices(token)).toEqual([]);
    // the move is counted as a deactivation from the portal is
    const moves = await billing.db.connection.collection('device_moves').countDocuments({ deviceId: pc.deviceId, kind: 'move' });
    expect(moves).toBe(1);
    // and the place is free for another PC
    expect((await activateByFile(token, await requestFile(await machine('NEXT-PC'), billing.clock.now))).status).toBe(201);
    // a device that holds no place has none to free
    const stranger = await machine('NEVER-ACTIVATED-PC');
    const proofForNone = await deactivateByFile(token, await proofFile(stranger, jti, billing.clock.now));
    expect([proofForNone.status, proofForNone.body.message]).toEqual([404, LICENSE_MESSAGES.deviceNotFound]);
  });

  it('when a deactivation file comes for a PC activated online, then it is refused: that PC has no key, and is deactivated from the list', async () => {
    const { id, token } = await basicCustomer();
    const pc = await machine('ONLINE-PC');
    const online = await request(billing.url)
      .post('/api/licenses/activate')
      .set(bearer(billing.desktopToken(id, `filing.${id}@example.in`)))
      .send({ deviceId: pc.deviceId, deviceName: 'ONLINE-PC', os: 'Windows 11 Pro 23H2', appVersion: '1.2.0' });
    expect(online.status).toBe(201);
    const refused = await deactivateByFile(token, await proofFile(pc, randomUUID(), billing.clock.now));
    expect([refused.status, refused.body.message]).toEqual([400, OFFLINE_ACTIVATION_MESSAGES.notByFile]);
    expect(await devices(token)).toHaveLength(1);
  });

  it('when the app is older than its channel’s minimum, then the request is refused with update_required', async () => {
    const { token } = await basicCustomer();
    await billing.setMinimum('stable', { minimumVersion: '1.3.0', message: 'Install 1.3.0 for this year’s ITR forms.' });
    // a channel's minimum is kept 15 s per process
    billing.clock.now = new Date(billing.clock.now.getTime() + 16_000);
    try {
      const answer = await activateByFile(token, await requestFile(await machine('OLD-PC'), billing.clock.now, undefined, '1.2.0'));
      expect([answer.status, answer.body.error, answer.body.message]).toEqual([
        403,
        LICENSE_ERRORS.updateRequired,
        'Install 1.3.0 for this year’s ITR forms.',
      ]);
    } finally {
      await billing.setMinimum('stable', null);
      billing.clock.now = new Date(billing.clock.now.getTime() + 16_000);
    }
  });
});
