import { Router } from 'express';
import {
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  loginBodySchema,
  mobileSignInBodySchema,
  mobileSignInCodeBodySchema,
  resetLinkBodySchema,
  resetPasswordBodySchema,
} from '@portal/contracts';
import { requireUserBeforeConsent, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { passwordResetUseCases } from '../domain/password-reset.use-cases';
import type { signInUseCases } from '../domain/sign-in.use-cases';
import { clientIp } from '../../shared/routes/client-ip';
import type { SeenFrom } from '../../shared/routes/seen-from';

export interface SignInRoutesDeps {
  signIn: ReturnType<typeof signInUseCases>;
  passwordReset: ReturnType<typeof passwordResetUseCases>;
  verifyToken: TokenVerifier;
  jwks: object;
  seenFrom: SeenFrom;
}

/** Signing in and out, a forgotten password, and the keys that verify auth's tokens. */
export function signInRoutes({ signIn, passwordReset, verifyToken, jwks, seenFrom }: SignInRoutesDeps): Router {
  const router = Router();

  router.post('/api/auth/login', tokenAnswer, validate('body', loginBodySchema), async (req, res) => {
    const answer = await signIn.login(req.body, clientIp(req));
    if ('user' in answer) await seenFrom(req, res, answer.user);
    res.json(answer);
  });

  router.post('/api/auth/login/mobile/code', validate('body', mobileSignInCodeBodySchema), async (req, res) => {
    res.status(202).json(await signIn.mobile.sendCode(req.body.mobile, clientIp(req)));
  });

  router.post('/api/auth/login/mobile', tokenAnswer, validate('body', mobileSignInBodySchema), async (req, res) => {
    const answer = await signIn.mobile.login(req.body, clientIp(req));
    if ('user' in answer) await seenFrom(req, res, answer.user);
    res.json(answer);
  });

  router.post('/api/auth/google-login', tokenAnswer, validate('body', googleLoginBodySchema), async (req, res) => {
    const answer = await signIn.googleLogin(req.body.token, req.body.acceptedPolicies);
    if ('user' in answer) await seenFrom(req, res, answer.user);
    res.json(answer);
  });

  // before consent too: a person who has not accepted the policies may still sign out
  router.post('/api/auth/logout', requireUserBeforeConsent(verifyToken), async (req, res) => {
    await signIn.logout(res.locals.auth);
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
