import { Router } from 'express';
import { requireUser, type TokenVerifier } from '@portal/platform';
import type { billingHistoryUseCases } from '../domain/billing-history.use-cases';

/** The signed-in user's payments, with their invoices, refunds and credit notes. */
export function billingHistoryRoutes(history: ReturnType<typeof billingHistoryUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.get('/api/billing/history', requireUser(verifyToken), async (req, res) => {
    res.json(await history.history(res.locals.auth.userId));
  });
  return router;
}
