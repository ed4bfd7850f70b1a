import { Router } from 'express';
import {
  consentBodySchema,
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  loginBodySchema,
  policiesAnswer,
  registerBodySchema,
  resetLinkBodySchema,
  resetPasswordBodySchema,
} from '@portal/contracts';
import { requireUserBeforeConsent, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { accountUseCases } from '../domain/account.use-cases';
import type { passwordResetUseCases } from '../domain/password-reset.use-cases';
import { clientIp } from './client-ip';
import type { signInDevice } from './sign-in-device';

export interface AuthRoutesDeps {
  accounts: ReturnType<typeof accountUseCases>;
  passwordReset: ReturnType<typeof passwordResetUseCases>;
  verifyToken: TokenVerifier;
  jwks: object;
  /** Remembers the browser and e-mails the person about a new one. */
  seenFrom: ReturnType<typeof signInDevice>;
}

export function authRoutes({ accounts, passwordReset, verifyToken, jwks, seenFrom }: AuthRoutesDeps): Router {
  const router = Router();

  router.post('/api/auth/register', tokenAnswer, validate('body', registerBodySchema), async (req, res) => {
    const answer = await accounts.register(req.body, clientIp(req));
    await seenFrom(req, res, answer.user);
    res.status(201).json(answer);
  });

  router.post('/api/auth/login', tokenAnswer, validate('body', loginBodySchema), async (req, res) => {
    const answer = await accounts.login(req.body, clientIp(req));
    if ('user' in answer) await seenFrom(req, res, answer.user);
    res.json(answer);
  });

  router.post('/api/auth/google-login', tokenAnswer, validate('body', googleLoginBodySchema), async (req, res) => {
    const answer = await accounts.googleLogin(req.body.token, req.body.acceptedPolicies);
    if ('user' in answer) await seenFrom(req, res, answer.user);
    res.json(answer);
  });

  router.get('/api/auth/policies', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(policiesAnswer());
  });

  // before consent: the gate itself, and signing out
  const beforeConsent = requireUserBeforeConsent(verifyToken);
  router.get('/api/auth/consent', beforeConsent, async (_req, res) => {
    res.json(await accounts.consent(res.locals.auth.userId));
  });

  router.post('/api/auth/consent', tokenAnswer, beforeConsent, validate('body', consentBodySchema), async (req, res) => {
    res.json(await accounts.acceptPolicies(res.locals.auth, req.body));
  });

  router.post('/api/auth/logout', beforeConsent, async (req, res) => {
    await accounts.logout(res.locals.auth);
    res.json({ message: 'You have been signed out.' });
  });

  router.post('/api/auth/forgot-password', validate('body', forgotPasswordBodySchema), async (req, res) => {
    res.json({ message: await passwordReset.request(req.body.email, clientIp(req)) });
  });

  router.post('/api/auth/reset-password/check', validate('body', resetLinkBodySchema), async (req, res) => {
    await passwordReset.check(req.body.token);
    res.json({ valid: true });
  });

  router.post('/api/auth/reset-password', validate('body', resetPasswordBodySchema), async (req, res) => {
    res.json({ message: await passwordReset.reset(req.body.token, req.body.newPassword, clientIp(req)) });
  });

  router.get('/api/auth/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(jwks);
  });

  return router;
}
