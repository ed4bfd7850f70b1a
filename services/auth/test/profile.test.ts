import request from 'supertest';
import { currentPolicyVersions } from '@portal/contracts';
import { profileGenerationKey } from '@portal/contracts/internal';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

describe('profile', () => {
  let auth: AuthHarness;
  let token: string;

  beforeAll(async () => {
    auth = await startAuth('profile');
    token = (
      await request(auth.app)
        .post('/api/auth/register')
        .send({ firstName: 'Neha', email: 'neha@example.in', password: 'secret12', acceptedPolicies: currentPolicyVersions() })
    ).body.token;
  });
  afterAll(() => auth.close());

  const put = (body: object) => request(auth.app).put('/api/auth/profile').set('Authorization', `Bearer ${token}`).send(body);
  const stored = () => auth.db.connection.collection('users').findOne({ email: 'neha@example.in' });

  it('when the whole form is saved, then the profile is stored with age as an integer and India as the country', async () => {
    const response = await put({
      firstName: 'Neha',
      lastName: 'Verma',
      email: 'neha@example.in',
      personalInfo: {
        age: '35',
        gender: 'female',
        mobileNumber: '+91 9876543210',
        occupation: 'Tax consultant',
        organization: '',
        address: { street: '4 Park St', city: 'Kolkata', state: 'West Bengal', pincode: '700016', country: 'Nepal' },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated successfully!');
    expect(response.body.user).toMatchObject({
      displayName: 'Neha Verma',
      profileCompletionPercentage: 100,
      personalInfo: { profileComplete: true },
    });
    const doc = await stored();
    expect(doc?.personalInfo).toMatchObject({
      age: 35,
      gender: 'female',
      mobileNumber: '+919876543210',
      address: { city: 'Kolkata', country: 'India' },
    });
    expect(doc?.personalInfo).not.toHaveProperty('organization');
  });

  it('when age and address are left empty, then they are removed and the completion drops', async () => {
    const response = await put({
      firstName: 'Neha',
      lastName: 'Verma',
      personalInfo: { age: '', gender: 'female', address: { street: '', city: '', state: '', pincode: '' } },
    });
    expect(response.status).toBe(200);
    expect(response.body.user.profileCompletionPercentage).toBe(30);
    expect(response.body.user.personalInfo.profileComplete).toBe(false);
    const doc = await stored();
    expect(doc?.personalInfo).not.toHaveProperty('age');
    expect(doc?.personalInfo).not.toHaveProperty('address');
  });

  it('when the form tries to change the e-mail, then 400 "Email cannot be changed" and nothing changes', async () => {
    const response = await put({ firstName: 'Changed', email: 'other@example.in' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Email cannot be changed');
    expect((await stored())?.firstName).toBe('Neha');
    expect(await auth.db.connection.collection('users').countDocuments({ email: 'other@example.in' })).toBe(0);
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ firstName: 'N', personalInfo: { age: 15 } }, 'Please enter a valid age (18-120)'],
    [{ firstName: 'N', personalInfo: { age: 'old' } }, 'Please enter a valid age (18-120)'],
    [{ firstName: 'N', personalInfo: { mobileNumber: '98765' } }, 'Please enter a valid mobile number'],
    [{ firstName: 'N', personalInfo: { address: { city: 'Pune' } } }, 'Street address is required'],
    [{ firstName: 'N', personalInfo: { address: { street: 'a', city: 'b', state: 'c', pincode: '1234567' } } }, 'Pincode must be 6 digits'],
    [{ firstName: 'N', personalInfo: { address: { street: 'a', city: 'b', state: 'c', pincode: '12a456' } } }, 'Pincode must be 6 digits'],
    [{ firstName: 'N', personalInfo: { gender: 'x' } }, 'Please select your gender'],
  ])('when the profile breaks a rule (%#), then 400 "%s" and nothing changes', async (body, message) => {
    const before = await stored();
    const response = await put(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('when a Google user with no name saves nothing, then the display name falls back to the prettified e-mail', async () => {
    const other = await request(auth.app)
      .post('/api/auth/register')
      .send({ ...validSignup('ravi_kumar.ca@example.in'), firstName: 'R' });
    const response = await request(auth.app)
      .put('/api/auth/profile')
      .set('Authorization', `Bearer ${other.body.token}`)
      .send({ firstName: 'Ravi', lastName: '' });
    expect(response.body.user.displayName).toBe('Ravi');
  });

  it('when a person signs up and saves their names, then the generation billing remembers their profile under moves on each time', async () => {
    const userId = String((await stored())!._id);
    const generation = () => auth.redis.redis.get(profileGenerationKey(auth.redis.prefix, userId));
    const atSignUp = await generation();
    expect(atSignUp).not.toBeNull(); // only a change sets it
    expect((await put({ firstName: 'Neha', lastName: 'Sen', email: 'neha@example.in' })).status).toBe(200);
    expect(await generation()).not.toBe(atSignUp);
  });
});
