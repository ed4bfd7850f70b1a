import { Router } from 'express';
import { z } from 'zod';
import { adminSubscriptionUpdateSchema, objectIdSchema, SUBSCRIPTION_UPDATED } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { adminSubscriptionUseCases } from '../domain/admin-subscription.use-cases';

const userParams = z.object({ id: objectIdSchema('Malformed user id') });

/** The admin sets a user's plan and status. */
export function adminSubscriptionRoutes(admin: ReturnType<typeof adminSubscriptionUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.put(
    '/api/admin/users/:id/subscription',
    requireAdmin(verifyToken, 'manage-subscriptions'),
    validate('params', userParams),
    validate('body', adminSubscriptionUpdateSchema),
    async (req, res) => {
      res.json({
        message: SUBSCRIPTION_UPDATED,
        subscription: await admin.updateSubscription(req.params.id, req.body, res.locals.auth.email),
      });
    },
  );

  return router;
}
