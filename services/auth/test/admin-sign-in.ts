import type { Express } from 'express';
import request from 'supertest';
import { generate } from 'otplib';

/** A code of the authenticator `steps` 30-second steps from `at`: the next step's is accepted too, and is new after a sign-in. */
export const totpCode = (secret: string, at: Date = new Date(), steps = 0) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) + steps * 30 });

export const passwordStep = (app: Express | string, email: string, password: string) =>
  request(app).post('/api/admin/login').send({ email, password });

/** The first sign-in: the password, the enrolment, and a code from the new secret. */
export async function enrolAdmin(app: Express | string, email: string, password: string, at?: Date) {
  const { challenge } = (await passwordStep(app, email, password).expect(200)).body;
  const { secret } = (await request(app).post('/api/admin/second-factor/enrolment').send({ challenge }).expect(200)).body;
  const confirmed = await request(app)
    .post('/api/admin/second-factor/enrolment/confirm')
    .send({ challenge, code: await totpCode(secret, at) })
    .expect(200);
  return { secret: secret as string, token: confirmed.body.token as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** A later sign-in with the next step's code, so it is new after the enrolment's. */
export async function signInAdmin(
  app: Express | string,
  email: string,
  password: string,
  secret: string,
  { at, steps = 1 } = {} as { at?: Date; steps?: number },
) {
  const { challenge } = (await passwordStep(app, email, password).expect(200)).body;
  return request(app)
    .post('/api/admin/second-factor')
    .send({ challenge, code: await totpCode(secret, at, steps) });
}

/** What a browser sends back after a WebAuthn ceremony; forged here, so every check the library makes must refuse it. */
export const forgedPasskeyResponse = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
});
