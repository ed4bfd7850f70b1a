import { Router } from 'express';
import { z } from 'zod';
import { requireService, validate } from '@portal/platform';
import { objectIdSchema } from '@portal/contracts';
import type { reportingUseCases } from '../domain/reporting.use-cases';

const lookupBody = z.object({ userIds: z.array(z.string().max(64)).max(1000) });
const userParams = z.object({ userId: objectIdSchema('Malformed user id') });
const analyticsQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(90) });

/** Subscriptions for the admin area and the download service; service credential only. */
export function internalRoutes(reporting: ReturnType<typeof reportingUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));

  router.post('/internal/subscriptions/lookup', validate('body', lookupBody), async (req, res) => {
    res.json({ subscriptions: await reporting.summaries(req.body.userIds) });
  });

  router.get('/internal/subscriptions/:userId', validate('params', userParams), async (req, res) => {
    const [subscription] = await reporting.summaries([req.params.userId as string]);
    res.json({ subscription });
  });

  router.get('/internal/analytics', validate('query', analyticsQuery), async (req, res) => {
    res.json(await reporting.analytics((req.query as unknown as z.infer<typeof analyticsQuery>).days));
  });

  return router;
}
