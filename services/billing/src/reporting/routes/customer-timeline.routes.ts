import { Router } from 'express';
import { z } from 'zod';
import { objectIdSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { customerTimelineUseCases } from '../domain/customer-timeline.use-cases';

const userParams = z.object({ id: objectIdSchema('Malformed user id') });

/** The admin's timeline of a customer's billing, in the user details. */
export function customerTimelineRoutes(timeline: ReturnType<typeof customerTimelineUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.get(
    '/api/admin/users/:id/billing-timeline',
    requireAdmin(verifyToken, 'view'),
    validate('params', userParams),
    async (req, res) => {
      res.json(await timeline.timeline(req.params.id));
    },
  );
  return router;
}
