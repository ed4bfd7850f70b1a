import { Router } from 'express';
import { consentBodySchema, policiesAnswer, registerBodySchema } from '@portal/contracts';
import { requireUserBeforeConsent, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { accountUseCases } from '../domain/account.use-cases';
import { clientIp } from '../../shared/routes/client-ip';
import type { SeenFrom } from '../../shared/routes/seen-from';

export interface AccountRoutesDeps {
  accounts: ReturnType<typeof accountUseCases>;
  verifyToken: TokenVerifier;
  seenFrom: SeenFrom;
}

/** Sign-up, the policies in force, and the consent gate a person passes before anything else. */
export function accountRoutes({ accounts, verifyToken, seenFrom }: AccountRoutesDeps): Router {
  const router = Router();

  router.post('/api/auth/register', tokenAnswer, validate('body', registerBodySchema), async (req, res) => {
    const answer = await accounts.register(req.body, clientIp(req));
    await seenFrom(req, res, answer.user);
    res.status(201).json(answer);
  });

  router.get('/api/auth/policies', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(policiesAnswer());
  });

  const beforeConsent = requireUserBeforeConsent(verifyToken);
  router.get('/api/auth/consent', beforeConsent, async (_req, res) => {
    res.json(await accounts.consent(res.locals.auth.userId));
  });

  router.post('/api/auth/consent', tokenAnswer, beforeConsent, validate('body', consentBodySchema), async (req, res) => {
    res.json(await accounts.acceptPolicies(res.locals.auth, req.body));
  });

  return router;
}
