import { Router } from 'express';
import { changePasswordBodySchema, type ChangePasswordAnswer, type MyAccountData } from '@portal/contracts';
import { requireUser, requireUserBeforeConsent, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { accountSecurityUseCases } from '../domain/account-security.use-cases';
import { clientIp } from './client-ip';

/** Profile → Security and Privacy: the signed-in person's password, and auth's part of their data (behaviour.md §3). */
export function accountSecurityRoutes(security: ReturnType<typeof accountSecurityUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.put('/api/auth/password', tokenAnswer, requireUser(verifyToken), validate('body', changePasswordBodySchema), async (req, res) => {
    const answer: ChangePasswordAnswer = await security.changePassword(res.locals.auth.userId, req.body, clientIp(req));
    res.json(answer);
  });
  router.get('/api/auth/my-data', tokenAnswer, requireUserBeforeConsent(verifyToken), async (_req, res) => {
    const answer: MyAccountData = await security.myData(res.locals.auth.userId);
    res.json(answer);
  });
  return router;
}
