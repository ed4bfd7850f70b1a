import { Router } from 'express';
import { z } from 'zod';
import { objectIdSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { deliveryLogUseCases } from '../domain/delivery-log.use-cases';

const userParams = z.object({ id: objectIdSchema('Malformed user id') });
const messageParams = userParams.extend({ messageId: z.string().min(1).max(300) });

/** A person's delivery log in the admin's user details, and "Send again" (support and owners, as other changes to people). */
export function deliveryLogRoutes(deliveryLog: ReturnType<typeof deliveryLogUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.get('/api/admin/users/:id/messages', requireAdmin(verifyToken, 'view'), validate('params', userParams), async (req, res) => {
    res.json(await deliveryLog.log(req.params.id));
  });
  router.post(
    '/api/admin/users/:id/messages/:messageId/send-again',
    requireAdmin(verifyToken, 'manage-users'),
    validate('params', messageParams),
    async (req, res) => {
      res.status(202).json(await deliveryLog.sendAgain(req.params.id, req.params.messageId, res.locals.auth.email));
    },
  );
  return router;
}
