import { Router } from 'express';
import { z } from 'zod';
import { createOrderBodySchema, merchantOrderIdSchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { paymentUseCases } from '../domain/payment.use-cases';
import type { refundUseCases } from '../domain/refund.use-cases';
import { phonePeWebhookAuth } from './phonepe-webhook-auth';

const returnQuery = z.object({ order: merchantOrderIdSchema });
// Only the order's or the refund's id is read from a webhook; everything else is asked of PhonePe again.
const webhookBody = z
  .object({
    event: z.string().optional(),
    payload: z.object({ merchantOrderId: merchantOrderIdSchema.optional(), merchantRefundId: merchantOrderIdSchema.optional() }).loose(),
  })
  .loose()
  .refine((body) => body.payload.merchantOrderId ?? body.payload.merchantRefundId, 'Unknown order');

export interface PaymentRoutesDeps {
  payments: ReturnType<typeof paymentUseCases>;
  refunds: ReturnType<typeof refundUseCases>;
  verifyToken: TokenVerifier;
  webhook: { username: string; password: string };
}

export function paymentRoutes({ payments, refunds, verifyToken, webhook }: PaymentRoutesDeps): Router {
  const router = Router();

  router.post('/api/payment/create-phonepe-order', requireUser(verifyToken), validate('body', createOrderBodySchema), async (req, res) => {
    res
      .status(201)
      .json(await payments.createOrder({ userId: req.auth!.userId, email: req.auth!.email }, req.body.plan, req.body.billingPeriod));
  });

  router.get('/api/payment/phonepe/return', async (req, res) => {
    const parsed = returnQuery.safeParse(req.query);
    const outcome = parsed.success ? await payments.handleReturn(parsed.data.order) : 'failed';
    res.redirect(303, `/subscription?status=${outcome}`);
  });

  router.post(
    '/api/payment/phonepe/webhook',
    phonePeWebhookAuth(webhook.username, webhook.password),
    validate('body', webhookBody),
    async (req, res) => {
      const { event, payload } = req.body as { event?: string; payload: { merchantOrderId?: string; merchantRefundId?: string } };
      // pg.refund.accepted / completed / failed carry the refund's id; checkout events the order's
      if (event?.startsWith('pg.refund.') && payload.merchantRefundId) await refunds.settle(payload.merchantRefundId);
      else if (payload.merchantOrderId) await payments.settle(payload.merchantOrderId);
      res.json({ success: true });
    },
  );

  return router;
}
