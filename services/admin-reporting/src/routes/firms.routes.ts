import { Router } from 'express';
import { adminFirmsQuerySchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { firmsUseCases } from '../domain/firms.use-cases';

/** The admin's Firms tab: a page of the firms with their people, seats and plan. */
export function firmsRoutes(firms: ReturnType<typeof firmsUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.get('/api/admin/firms', requireAdmin(verifyToken, 'view'), validate('query', adminFirmsQuerySchema), async (req, res) => {
    res.json(await firms.list(req.query.page, req.query.limit));
  });
  return router;
}
