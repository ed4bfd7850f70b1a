import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Issuer, type BaseClient } from 'openid-client';
import request from 'supertest';
import { DESKTOP_CLIENT_ID, DEVICE_GRANT_TYPE, DEVICE_TOKEN_ERROR_DESCRIPTIONS, OAUTH_REQUEST_MESSAGES } from '@portal/contracts';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';

/**
 * The device grant as a client the project did not write drives it: panva's openid-client, the
 * certified OAuth 2.0 and OpenID Connect library, through its device flow, refresh and errors.
 */
describe('the device grant with a real OAuth client library (openid-client)', () => {
  let auth: AuthHarness;
  let server: Server;
  let url: string;
  let client: BaseClient;
  let issuer: Issuer<BaseClient>;
  let offsetMs = 0;
  const clock = {
    get now() {
      return new Date(Date.now() + offsetMs);
    },
  };
  beforeAll(async () => {
    auth = await startAuth('oauth-client', {}, clock);
    server = auth.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    issuer = new Issuer({
      issuer: url,
      token_endpoint: `${url}/api/auth/device/token`,
      device_authorization_endpoint: `${url}/api/auth/device/code`,
    });
    client = new issuer.Client({ client_id: DESKTOP_CLIENT_ID, token_endpoint_auth_method: 'none' });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await auth.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const signedIn = async (email: string) => (await request(url).post('/api/auth/register').send(validSignup(email))).body.token as string;
  const decide = (token: string, userCode: string, decision: 'approve' | 'deny') =>
    request(url).post('/api/auth/device/decision').set(bearer(token)).send({ user_code: userCode, decision });
  const pollOnce = (deviceCode: string) => client.grant({ grant_type: DEVICE_GRANT_TYPE, device_code: deviceCode });
  /** The library's own error, as an app built on it sees it. */
  const refusal = (error: keyof typeof DEVICE_TOKEN_ERROR_DESCRIPTIONS) =>
    expect.objectContaining({ name: 'OPError', error, error_description: DEVICE_TOKEN_ERROR_DESCRIPTIONS[error] });

  it('when the app signs in, is approved and refreshes, then the library gets tokens; a refresh token used again ends the session', async () => {
    const handle = await client.deviceAuthorization({ device_name: 'Meena’s office PC' });
    expect(handle.verification_uri).toBe('http://portal.test/activate');
    await expect(pollOnce(handle.device_code)).rejects.toEqual(refusal('authorization_pending'));
    await expect(pollOnce(handle.device_code)).rejects.toEqual(refusal('slow_down'));

    const meena = await signedIn('meena.oauth@example.in');
    expect((await decide(meena, handle.user_code, 'approve')).status).toBe(200);
    offsetMs += 10_000; // the interval, grown by slow_down, has passed
    const first = await handle.poll(); // the library waits its 5 s interval, then polls
    expect(first).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), refresh_token: expect.any(String) });
    // the library keeps an absolute expiry in whole seconds and counts expires_in back from the
    // clock when read, so a second that ticks in between reads 3599
    expect(first.expires_in).toBeGreaterThanOrEqual(3599);
    expect(first.expires_in).toBeLessThanOrEqual(3600);
    // redeemed: at once, invalid_grant
    await expect(pollOnce(handle.device_code)).rejects.toEqual(refusal('invalid_grant'));

    const me = (accessToken: string) => client.requestResource(`${url}/api/auth/desktop/me`, accessToken);
    expect(JSON.parse(String((await me(first.access_token!)).body))).toEqual({
      user: { id: expect.any(String), email: 'meena.oauth@example.in' },
    });

    const second = await client.refresh(first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await expect(client.refresh(second.refresh_token!, { exchangeBody: { scope: 'admin' } })).rejects.toEqual(refusal('invalid_scope'));

    // the first refresh token comes back: theft is assumed, and the whole session ends
    await expect(client.refresh(first.refresh_token!)).rejects.toEqual(refusal('invalid_grant'));
    await expect(client.refresh(second.refresh_token!)).rejects.toEqual(refusal('invalid_grant'));
    const ended = await me(second.access_token!);
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['www-authenticate']).toBe(
      'Bearer realm="tax-portal", error="invalid_token", error_description="Your session has ended. Please sign in again."',
    );
  }, 20_000);

  it('when the person refuses, or the code runs out, then the library is told access_denied or expired_token', async () => {
    const refused = await client.deviceAuthorization();
    await decide(await signedIn('meena.refuses@example.in'), refused.user_code, 'deny');
    await expect(pollOnce(refused.device_code)).rejects.toEqual(refusal('access_denied'));

    const lapsed = await client.deviceAuthorization();
    offsetMs += 601_000;
    await expect(pollOnce(lapsed.device_code)).rejects.toEqual(refusal('expired_token'));
  });

  it('when the library is used as a confidential client, asks an unknown grant or leaves out the code, then it reads the RFC 6749 error', async () => {
    const confidential = new issuer.Client({
      client_id: DESKTOP_CLIENT_ID,
      client_secret: 'a secret',
      token_endpoint_auth_method: 'client_secret_basic',
    });
    await expect(confidential.deviceAuthorization()).rejects.toEqual(
      expect.objectContaining({ error: 'invalid_client', error_description: OAUTH_REQUEST_MESSAGES.basicAuth }),
    );
    await expect(client.grant({ grant_type: 'password', username: 'meena', password: 'x' })).rejects.toEqual(
      refusal('unsupported_grant_type'),
    );
    await expect(client.grant({ grant_type: DEVICE_GRANT_TYPE })).rejects.toEqual(
      expect.objectContaining({ error: 'invalid_request', error_description: OAUTH_REQUEST_MESSAGES.malformed('device_code') }),
    );
    const stranger = new issuer.Client({ client_id: 'someone-else', token_endpoint_auth_method: 'none' });
    await expect(stranger.deviceAuthorization()).rejects.toEqual(refusal('invalid_client'));
  });
});
