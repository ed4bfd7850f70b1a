import { Router } from 'express';
import { z } from 'zod';
import { personParams, deliveryLogQuery, outboundMessageSchema, type deliveryLogSchema } from '@portal/contracts/internal';
import { requireService, validate } from '@portal/platform';
import type { deliveryUseCases } from '../domain/delivery.use-cases';

const messageParams = z.object({ id: z.string().min(1).max(300) });

/**
 * The producers' hand-over (auth's and billing's outboxes), and a person's delivery log with its
 * "Send again" for the admin area (admin-reporting checks the admin's role and audits it).
 */
export function internalRoutes(delivery: ReturnType<typeof deliveryUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.post(
    '/internal/messages',
    requireService(serviceSecret, ['auth', 'billing']),
    validate('body', outboundMessageSchema),
    async (req, res) => {
      res.status(202).json(await delivery.accept(req.body));
    },
  );
  const reporting = requireService(serviceSecret, ['admin-reporting']);
  router.get(
    '/internal/users/:userId/messages',
    reporting,
    validate('params', personParams),
    validate('query', deliveryLogQuery),
    async (req, res) => {
      const { email } = req.query as z.infer<typeof deliveryLogQuery>;
      const answer: z.infer<typeof deliveryLogSchema> = { messages: await delivery.deliveryLog({ userId: req.params.userId, email }) };
      res.json(answer);
    },
  );
  router.post('/internal/messages/:id/send-again', reporting, validate('params', messageParams), async (req, res) => {
    await delivery.sendAgain(req.params.id);
    res.status(202).json({ id: req.params.id });
  });
  return router;
}
