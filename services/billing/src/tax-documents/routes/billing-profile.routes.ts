import { Router } from 'express';
import { billingProfileSchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { billingProfileUseCases } from '../domain/billing-profile.use-cases';

/** The signed-in user's own billing details; no id in the path, so no one reaches another's. */
export function billingProfileRoutes(profiles: ReturnType<typeof billingProfileUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.use('/api/billing/profile', requireUser(verifyToken));

  router.get('/api/billing/profile', async (req, res) => {
    res.json({ profile: await profiles.get(req.auth!.userId) });
  });

  router.put('/api/billing/profile', validate('body', billingProfileSchema), async (req, res) => {
    res.json(await profiles.save(req.auth!.userId, req.body));
  });

  return router;
}
