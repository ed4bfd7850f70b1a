import { Router } from 'express';
import { z } from 'zod';
import { createPromotionSchema, promotionCodeSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { promotionUseCases } from '../domain/promotion.use-cases';

const codeParams = z.object({ code: promotionCodeSchema });

/** The admin's promotion codes: the list with their use, a new code, a code ended. */
export function adminPromotionRoutes(promotions: ReturnType<typeof promotionUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();

  router.get('/api/admin/promotions', requireAdmin(verifyToken, 'view'), async (_req, res) => {
    res.json({ promotions: await promotions.list() });
  });

  router.post(
    '/api/admin/promotions',
    requireAdmin(verifyToken, 'manage-promotions'),
    validate('body', createPromotionSchema),
    async (req, res) => {
      res.status(201).json({ promotion: await promotions.create(req.body, res.locals.auth.email) });
    },
  );

  router.post(
    '/api/admin/promotions/:code/deactivate',
    requireAdmin(verifyToken, 'manage-promotions'),
    validate('params', codeParams),
    async (req, res) => {
      res.json({ promotion: await promotions.deactivate(req.params.code, res.locals.auth.email) });
    },
  );

  return router;
}
