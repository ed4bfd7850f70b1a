import { Router } from 'express';
import { z } from 'zod';
import { requireService, validate } from '@portal/platform';
import type { downloadUseCases } from '../domain/downloads.use-cases';

const summaryBody = z.object({ userIds: z.array(z.string().max(64)).max(1000) });

/** Download activity for the admin area; service credential only. */
export function internalRoutes(downloads: ReturnType<typeof downloadUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));
  router.post('/internal/downloads/summary', validate('body', summaryBody), async (req, res) => {
    res.json({ summaries: await downloads.summaries(req.body.userIds) });
  });
  return router;
}
