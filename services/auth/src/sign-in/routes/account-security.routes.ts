import { Router } from 'express';
import { changePasswordBodySchema, type ChangePasswordAnswer } from '@portal/contracts';
import { requireUser, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { accountSecurityUseCases } from '../domain/account-security.use-cases';
import type { notMeUseCases } from '../domain/not-me.use-cases';
import { clientIp } from '../../shared/routes/client-ip';

/** Profile → Security and Privacy: the signed-in person's password (behaviour.md §3). */
export function accountSecurityRoutes(
  security: ReturnType<typeof accountSecurityUseCases>,
  notMe: ReturnType<typeof notMeUseCases>,
  verifyToken: TokenVerifier,
): Router {
  const router = Router();
  router.put('/api/auth/password', tokenAnswer, requireUser(verifyToken), validate('body', changePasswordBodySchema), async (req, res) => {
    const answer: ChangePasswordAnswer = await security.changePassword(res.locals.auth, req.body, clientIp(req));
    res.json(answer);
  });
  // "This wasn't me" beside a sign-in on the Security and Privacy tab
  router.post('/api/auth/not-me', requireUser(verifyToken), async (req, res) => {
    res.json({ message: await notMe(res.locals.auth.userId, clientIp(req)) });
  });
  return router;
}
