import { Router } from 'express';
import type { AccountGuards } from '../../shared/routes/billing-account';
import type { billingHistoryUseCases } from '../domain/billing-history.use-cases';

/** The payments of the signed-in person, or of a firm they manage, with their invoices, refunds and credit notes. */
export function billingHistoryRoutes(history: ReturnType<typeof billingHistoryUseCases>, account: AccountGuards): Router {
  const router = Router();
  router.get('/api/billing/history', ...account.readBy('invoices').manage, async (_req, res) => {
    res.json(await history.history(res.locals.account));
  });
  return router;
}
