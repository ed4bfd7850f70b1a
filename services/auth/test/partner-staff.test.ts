import request from 'supertest';
import { decodeJwt } from 'jose';
import { PARTNER_MESSAGES, TOKEN_AUDIENCE } from '@portal/contracts';
import { createServiceCredential } from '@portal/platform';
import { totpCode } from './admin-sign-in';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';

/** A partner's staff: named by the partners service, signed in with a second factor, holding a partner token. */
describe('a partner’s staff and their partner token', () => {
  const clock = { now: new Date('2026-11-26T06:00:00Z') };
  const partnerId = '64f0c0ffee0000000000abcd';
  let auth: AuthHarness;
  const service = () => ({ Authorization: createServiceCredential('partners', TEST_SERVICE_SECRET)() });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  beforeAll(async () => {
    auth = await startAuth('partner-staff', {}, clock);
  });
  afterAll(() => auth.close());

  const register = async (email: string) => {
    const { body } = await request(auth.app).post('/api/auth/register').send(validSignup(email)).expect(201);
    return { id: body.user._id as string, token: body.token as string };
  };

  it('when partners names someone with no account, then 404 says so; a person on another partner’s staff, 409', async () => {
    const none = await request(auth.app).put('/internal/partner-staff').set(service()).send({ email: 'nobody@example.in', partnerId });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(PARTNER_MESSAGES.noAccount);
    await register('twice@dealer.in');
    await request(auth.app).put('/internal/partner-staff').set(service()).send({ email: 'twice@dealer.in', partnerId }).expect(200);
    const other = await request(auth.app)
      .put('/internal/partner-staff')
      .set(service())
      .send({ email: 'twice@dealer.in', partnerId: '64f0c0ffee0000000000ffff' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(PARTNER_MESSAGES.staffElsewhere);
    expect((await request(auth.app).put('/internal/partner-staff').send({ email: 'twice@dealer.in', partnerId })).status).toBe(401);
  });

  it('when a staff member without a second factor asks for a partner token, then 403 says to turn it on; a person not on any staff is told so', async () => {
    const member = await register('no-otp@dealer.in');
    await request(auth.app).put('/internal/partner-staff').set(service()).send({ email: 'no-otp@dealer.in', partnerId }).expect(200);
    const refused = await request(auth.app).post('/api/auth/partner/session').set(as(member.token));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PARTNER_MESSAGES.secondFactorRequired);
    const customer = await register('customer@example.in');
    const notStaff = await request(auth.app).post('/api/auth/partner/session').set(as(customer.token));
    expect(notStaff.status).toBe(403);
    expect(notStaff.body.message).toBe(PARTNER_MESSAGES.notStaff);
  });

  it('when a staff member signs in with their authenticator, then their token buys a partner token naming the partner; once removed, it ends', async () => {
    const member = await register('otp@dealer.in');
    await request(auth.app).put('/internal/partner-staff').set(service()).send({ email: 'otp@dealer.in', partnerId }).expect(200);
    const { secret } = (await request(auth.app).post('/api/auth/second-factor/totp').set(as(member.token)).expect(200)).body;
    await request(auth.app)
      .post('/api/auth/second-factor/totp/confirm')
      .set(as(member.token))
      .send({ code: await totpCode(secret, clock.now) })
      .expect(200);
    clock.now = new Date(clock.now.getTime() + 30_000);
    const { challenge } = (
      await request(auth.app).post('/api/auth/login').send({ email: 'otp@dealer.in', password: 'secret12' }).expect(200)
    ).body;
    const signedIn = await request(auth.app)
      .post('/api/auth/login/second-factor')
      .send({ challenge, code: await totpCode(secret, clock.now) })
      .expect(200);
    const session = await request(auth.app).post('/api/auth/partner/session').set(as(signedIn.body.token));
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ partnerId, email: 'otp@dealer.in' });
    const claims = decodeJwt(session.body.token);
    expect(claims).toMatchObject({ aud: TOKEN_AUDIENCE.partner, sub: member.id, partner: partnerId, amr: ['pwd', 'otp'] });
    // a partner token is not a person's: the person's own calls refuse it
    expect((await request(auth.app).get('/api/auth/profile').set(as(session.body.token))).status).toBe(401);

    await request(auth.app).delete(`/internal/partner-staff/${partnerId}/${member.id}`).set(service()).expect(204);
    const after = await request(auth.app).post('/api/auth/partner/session').set(as(signedIn.body.token));
    expect(after.status).toBe(401);
  });
});
