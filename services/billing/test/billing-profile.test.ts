import request from 'supertest';
import { BILLING_PROFILE_MESSAGES, GSTIN_MESSAGES } from '@portal/contracts';
import { newUserId, startBilling, type BillingHarness } from './billing-harness';

describe('the billing profile: the details a tax invoice carries', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    billing = await startBilling('billing-profile');
  });
  afterAll(() => billing.close());

  const profile = {
    legalName: 'Iyer & Associates',
    gstin: '27aapfu0939f1zv',
    street: '12 MG Road',
    city: 'Pune',
    pincode: '411001',
    stateCode: '27',
  };
  const put = (token: string, body: object) =>
    request(billing.url).put('/api/billing/profile').set('Authorization', `Bearer ${token}`).send(body);
  const get = (token: string) => request(billing.url).get('/api/billing/profile').set('Authorization', `Bearer ${token}`);
  const stored = (userId: string) => billing.db.connection.collection('billing_profiles').findOne({ _id: userId as never });

  it('when a user has saved nothing, then their profile is null; without a token, 401', async () => {
    const token = billing.addUser(newUserId(), 'new@example.in');
    expect((await get(token)).body).toEqual({ profile: null });
    expect((await request(billing.url).get('/api/billing/profile')).status).toBe(401);
  });

  it('when a user saves valid details, then they are kept (the GSTIN upper-cased) and read back by that user alone', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, 'meera@example.in');
    const saved = await put(token, profile);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ profile: { ...profile, gstin: '27AAPFU0939F1ZV' }, message: BILLING_PROFILE_MESSAGES.saved });
    expect((await get(token)).body.profile.gstin).toBe('27AAPFU0939F1ZV');
    expect(await stored(userId)).toMatchObject({ legalName: 'Iyer & Associates', stateCode: '27' });
    const other = billing.addUser(newUserId(), 'other@example.in');
    expect((await get(other)).body).toEqual({ profile: null });

    // Saved again without a GSTIN: the old one goes, it is not kept.
    const withoutGstin = await put(token, { ...profile, gstin: '' });
    expect(withoutGstin.body.profile).not.toHaveProperty('gstin');
    expect((await stored(userId))?.gstin).toBeUndefined();
  });

  it.each([
    ['a GSTIN of another state', { stateCode: '29' }, 'This GSTIN is registered in another state than Karnataka'],
    ['a mistyped GSTIN', { gstin: '27AAPFU0939F1ZW' }, GSTIN_MESSAGES.checkCharacter],
    ['a GSTIN of the wrong shape', { gstin: '27AAPFU0939' }, GSTIN_MESSAGES.format],
    ['no state', { stateCode: undefined }, BILLING_PROFILE_MESSAGES.stateRequired],
    ['a retired state code', { stateCode: '28' }, BILLING_PROFILE_MESSAGES.stateRequired],
    ['no name', { legalName: '  ' }, BILLING_PROFILE_MESSAGES.legalNameRequired],
    ['an operator for a name', { legalName: { $ne: '' } }, BILLING_PROFILE_MESSAGES.legalNameRequired],
  ])('when the details hold %s, then 400 with the reason and nothing is stored', async (_, change, message) => {
    const userId = newUserId();
    const token = billing.addUser(userId, 'wrong@example.in');
    const response = await put(token, { ...profile, ...change });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.details)).toContain(message);
    expect(await stored(userId)).toBeNull();
  });

  it('when the user is deleted, then their billing details go with the subscription', async () => {
    const userId = newUserId();
    const token = billing.addUser(userId, 'leaving@example.in');
    await put(token, profile);
    await billing.built.reporting.deleteUser(userId);
    expect(await stored(userId)).toBeNull();
  });
});
