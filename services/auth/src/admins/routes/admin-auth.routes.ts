import { Router } from 'express';
import {
  challengeBodySchema,
  enrolmentConfirmBodySchema,
  adminLoginBodySchema,
  passkeySignInBodySchema,
  secondFactorProofBodySchema,
  adminSignupBodySchema,
} from '@portal/contracts';
import { requireAdmin, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { adminUseCases } from '../domain/admin.use-cases';
import type { adminSecondFactorUseCases } from '../domain/admin-second-factor.use-cases';
import type { adminPasskeySignIn } from '../domain/admin-passkey-sign-in';
import { clientIp } from '../../shared/routes/client-ip';

/** Signing in to the admin area: the password, then the authenticator's code (or its enrolment). */
export function adminAuthRoutes(
  admins: ReturnType<typeof adminUseCases>,
  secondFactor: ReturnType<typeof adminSecondFactorUseCases>,
  passkey: ReturnType<typeof adminPasskeySignIn>,
  verifyToken: TokenVerifier,
): Router {
  const router = Router();

  router.post('/api/admin/login', tokenAnswer, validate('body', adminLoginBodySchema), async (req, res) => {
    res.json(await admins.login(req.body.email, req.body.password, clientIp(req)));
  });

  router.post('/api/admin/second-factor/enrolment', tokenAnswer, validate('body', challengeBodySchema), async (req, res) => {
    res.json(await secondFactor.startEnrolment(req.body.challenge));
  });

  router.post('/api/admin/second-factor/enrolment/confirm', tokenAnswer, validate('body', enrolmentConfirmBodySchema), async (req, res) => {
    res.json(await secondFactor.confirmEnrolment(req.body.challenge, req.body.code, clientIp(req)));
  });

  router.post('/api/admin/second-factor', tokenAnswer, validate('body', secondFactorProofBodySchema), async (req, res) => {
    const { challenge, ...proof } = req.body;
    res.json(await secondFactor.verify(challenge, proof, clientIp(req)));
  });

  router.post('/api/admin/second-factor/passkey/options', tokenAnswer, validate('body', challengeBodySchema), async (req, res) => {
    res.json(await passkey.options(req.body.challenge));
  });

  router.post('/api/admin/second-factor/passkey', tokenAnswer, validate('body', passkeySignInBodySchema), async (req, res) => {
    res.json(await passkey.verify(req.body.challenge, req.body.response, clientIp(req)));
  });

  router.post('/api/admin/signup', tokenAnswer, validate('body', adminSignupBodySchema), async (req, res) => {
    res.status(201).json(await admins.signup(req.body.email, req.body.password));
  });

  router.post('/api/admin/logout', requireAdmin(verifyToken, 'own-sign-in'), async (req, res) => {
    await admins.logout(res.locals.auth);
    res.json({ message: 'You have been signed out.' });
  });

  return router;
}
