import { Router } from 'express';
import { billingProfileSchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { billingProfileUseCases } from '../domain/billing-profile.use-cases';

/** The signed-in user's own billing details; no id in the path, so no one reaches another's. */
export function billingProfileRoutes(profiles: ReturnType<typeof billingProfileUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.get('/api/billing/profile', user, async (_req, res) => {
    res.json({ profile: await profiles.get(res.locals.auth.userId) });
  });

  router.put('/api/billing/profile', user, validate('body', billingProfileSchema), async (req, res) => {
    res.json(await profiles.save(res.locals.auth.userId, req.body));
  });

  return router;
}
