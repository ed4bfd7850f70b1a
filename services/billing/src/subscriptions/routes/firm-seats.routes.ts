import { Router } from 'express';
import { requireService, validate } from '@portal/platform';
import { internalFirmParams } from '@portal/contracts/internal';
import type { firmSeatsOf } from '../domain/firm-seats';

/** GET /internal/firms/:firmId/seats, which auth asks; service credential only. */
export function firmSeatsRoutes(seatsOf: ReturnType<typeof firmSeatsOf>, serviceSecret: string): Router {
  const router = Router();
  router.use('/internal/firms', requireService(serviceSecret));
  router.get('/internal/firms/:firmId/seats', validate('params', internalFirmParams), async (req, res) => {
    res.json(await seatsOf(req.params.firmId));
  });
  return router;
}
