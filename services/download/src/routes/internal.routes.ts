import { Router } from 'express';
import { requireService, validate } from '@portal/platform';
import { internalDownloadSummaryBody } from '@portal/contracts/internal';
import type { downloadUseCases } from '../domain/downloads.use-cases';

/** Download activity for the admin area; service credential only. */
export function internalRoutes(downloads: ReturnType<typeof downloadUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));
  router.post('/internal/downloads/summary', validate('body', internalDownloadSummaryBody), async (req, res) => {
    res.json({ summaries: await downloads.summaries(req.body.userIds) });
  });
  return router;
}
