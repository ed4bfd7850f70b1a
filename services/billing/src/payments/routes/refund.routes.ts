import { Router } from 'express';
import { z } from 'zod';
import { merchantOrderIdSchema, REFUND_MESSAGES, refundRequestSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { refundUseCases } from '../domain/refund.use-cases';
import { toRefundView } from '../domain/refund-view';

const orderParams = z.object({ merchantOrderId: merchantOrderIdSchema });

/** The admin's refunds of a payment: ask for one, and see each with its state. */
export function refundRoutes(refunds: ReturnType<typeof refundUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const path = '/api/admin/transactions/:merchantOrderId/refunds';
  const params = validate('params', orderParams);

  router.get(path, requireAdmin(verifyToken, 'view'), params, async (req, res) => {
    res.json(await refunds.views(req.params.merchantOrderId));
  });

  router.post(path, requireAdmin(verifyToken, 'refund'), params, validate('body', refundRequestSchema), async (req, res) => {
    const refund = await refunds.request(req.params.merchantOrderId, req.body, res.locals.auth.email);
    const message =
      refund.state === 'awaiting_details'
        ? REFUND_MESSAGES.awaitingDetails
        : refund.bankUtr
          ? REFUND_MESSAGES.paidBack
          : REFUND_MESSAGES.requested;
    res.status(201).json({ message, refund: toRefundView(refund, null) });
  });

  return router;
}
