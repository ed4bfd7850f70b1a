import { Router } from 'express';
import {
  challengeBodySchema,
  currentProofBodySchema,
  enrolmentConfirmBodySchema,
  passkeyAddBodySchema,
  passkeyParamsSchema,
  passkeySignInBodySchema,
  secondFactorProofBodySchema,
  totpCodeBodySchema,
  type SecondFactorSession,
} from '@portal/contracts';
import { requireUser, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { passkeysUseCases } from '../domain/passkeys.use-cases';
import type { userSecondFactorUseCases } from '../domain/user-second-factor.use-cases';
import { clientIp } from '../../shared/routes/client-ip';
import type { SeenFrom } from '../../shared/routes/seen-from';

/**
 * A practitioner's second factor: finishing a sign-in with it (`/api/auth/login/*`,
 * with the challenge the password or Google answered: a code, a recovery code or a passkey), and
 * setting it up, adding passkeys or turning it off from Security and Privacy
 * (`/api/auth/second-factor/*`, signed in).
 */
export function userSecondFactorRoutes(
  secondFactor: ReturnType<typeof userSecondFactorUseCases>,
  passkeys: ReturnType<typeof passkeysUseCases>,
  verifyToken: TokenVerifier,
  seenFrom: SeenFrom,
): Router {
  const router = Router();
  const user = requireUser(verifyToken);
  const answer = async (req: Parameters<typeof seenFrom>[0], res: Parameters<typeof seenFrom>[1], session: SecondFactorSession) => {
    await seenFrom(req, res, session.user);
    res.json(session);
  };

  router.post('/api/auth/login/second-factor', tokenAnswer, validate('body', secondFactorProofBodySchema), async (req, res) => {
    const { challenge, ...proof } = req.body;
    await answer(req, res, await secondFactor.verify(challenge, proof, clientIp(req)));
  });

  router.post('/api/auth/login/passkey/options', tokenAnswer, validate('body', challengeBodySchema), async (req, res) => {
    res.json(await secondFactor.passkeyOptions(req.body.challenge));
  });

  router.post('/api/auth/login/passkey', tokenAnswer, validate('body', passkeySignInBodySchema), async (req, res) => {
    await answer(req, res, await secondFactor.verifyPasskey(req.body.challenge, req.body.response, clientIp(req)));
  });

  router.post('/api/auth/login/enrolment', tokenAnswer, validate('body', challengeBodySchema), async (req, res) => {
    res.json(await secondFactor.startChallengedEnrolment(req.body.challenge));
  });

  router.post('/api/auth/login/enrolment/confirm', tokenAnswer, validate('body', enrolmentConfirmBodySchema), async (req, res) => {
    await answer(req, res, await secondFactor.confirmChallengedEnrolment(req.body.challenge, req.body.code, clientIp(req)));
  });

  router.get('/api/auth/second-factor', user, async (_req, res) => {
    res.json(await secondFactor.settings(res.locals.auth.userId));
  });

  router.post('/api/auth/second-factor/totp', tokenAnswer, user, async (_req, res) => {
    res.json(await secondFactor.startEnrolment(res.locals.auth));
  });

  router.post('/api/auth/second-factor/totp/confirm', tokenAnswer, user, validate('body', totpCodeBodySchema), async (req, res) => {
    res.json(await secondFactor.confirmEnrolment(res.locals.auth, req.body.code, clientIp(req)));
  });

  router.post('/api/auth/second-factor/totp/off', user, validate('body', currentProofBodySchema), async (req, res) => {
    res.json(await secondFactor.turnOff(res.locals.auth, req.body, clientIp(req)));
  });

  router.post('/api/auth/second-factor/passkeys/options', tokenAnswer, user, async (_req, res) => {
    res.json(await passkeys.startRegistration(res.locals.auth));
  });

  router.post('/api/auth/second-factor/passkeys', user, validate('body', passkeyAddBodySchema), async (req, res) => {
    res.status(201).json(await passkeys.finishRegistration(res.locals.auth, req.body.response, req.body.name));
  });

  router.delete('/api/auth/second-factor/passkeys/:credentialId', user, validate('params', passkeyParamsSchema), async (req, res) => {
    res.json(await passkeys.remove(res.locals.auth, req.params.credentialId));
  });

  return router;
}
