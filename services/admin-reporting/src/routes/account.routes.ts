import { Router } from 'express';
import { accountDeletionBodySchema, type MyAccountData, type OwnSignIn } from '@portal/contracts';
import { requireUser, requireUserBeforeConsent, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { accountDataUseCases } from '../domain/account-data.use-cases';
import type { reportingUseCases } from '../domain/reporting.use-cases';
import type { securityLogUseCases } from '../domain/security-log.use-cases';

/**
 * The person deletes their own account (behaviour.md §3). It lives here because the deletion
 * across services does: auth first, then billing, download and feedback through the outbox.
 */
export function accountRoutes(
  reporting: ReturnType<typeof reportingUseCases>,
  accountData: ReturnType<typeof accountDataUseCases>,
  security: Pick<ReturnType<typeof securityLogUseCases>, 'signInsOf'>,
  verifyToken: TokenVerifier,
): Router {
  const router = Router();
  // the person's own sign-ins, from the security log (Security and Privacy tab)
  router.get('/api/account/sign-ins', requireUser(verifyToken), async (_req, res) => {
    const answer: { signIns: OwnSignIn[] } = { signIns: await security.signInsOf(res.locals.auth.userId) };
    res.json(answer);
  });
  router.get('/api/account/my-data', tokenAnswer, requireUserBeforeConsent(verifyToken), async (_req, res) => {
    const answer: MyAccountData = await accountData.myData(res.locals.auth.userId);
    res.json(answer);
  });
  router.post(
    '/api/account/delete',
    requireUserBeforeConsent(verifyToken),
    validate('body', accountDeletionBodySchema),
    async (req, res) => {
      // the caller's address as the gateway forwarded it, for auth's wrong-password limit
      res.json(await reporting.deleteOwnAccount(res.locals.auth.userId, req.body, req.ip ?? 'unknown'));
    },
  );
  return router;
}
