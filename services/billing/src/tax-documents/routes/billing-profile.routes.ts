import { Router } from 'express';
import { billingProfileSchema } from '@portal/contracts';
import { validate } from '@portal/platform';
import type { AccountGuards } from '../../shared/routes/billing-account';
import type { billingProfileUseCases } from '../domain/billing-profile.use-cases';

/**
 * The billing details of the signed-in person, or of a firm they manage (`?firmId=`): no record id
 * in the path, so no one reaches another's.
 */
export function billingProfileRoutes(profiles: ReturnType<typeof billingProfileUseCases>, account: AccountGuards): Router {
  const router = Router();

  router.get('/api/billing/profile', ...account.manage, async (_req, res) => {
    res.json({ profile: await profiles.get(res.locals.account.id) });
  });

  router.put('/api/billing/profile', ...account.manage, validate('body', billingProfileSchema), async (req, res) => {
    res.json(await profiles.save(res.locals.account.id, req.body));
  });

  return router;
}
