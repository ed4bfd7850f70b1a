import { Router } from 'express';
import { changePasswordBodySchema, type ChangePasswordAnswer } from '@portal/contracts';
import { requireUser, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { accountSecurityUseCases } from '../domain/account-security.use-cases';
import { clientIp } from './client-ip';

/** Profile → Security and Privacy: the signed-in person's password (behaviour.md §3). */
export function accountSecurityRoutes(security: ReturnType<typeof accountSecurityUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.put('/api/auth/password', tokenAnswer, requireUser(verifyToken), validate('body', changePasswordBodySchema), async (req, res) => {
    const answer: ChangePasswordAnswer = await security.changePassword(res.locals.auth, req.body, clientIp(req));
    res.json(answer);
  });
  return router;
}
