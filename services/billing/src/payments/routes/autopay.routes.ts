import { Router } from 'express';
import { adminMandatesQuerySchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { AccountGuards } from '../../shared/routes/billing-account';
import type { autopayUseCases } from '../domain/autopay.use-cases';
import type { mandateListUseCases } from '../domain/mandate-list.use-cases';

export function autopayRoutes(
  autopay: ReturnType<typeof autopayUseCases>,
  mandateList: ReturnType<typeof mandateListUseCases>,
  verifyToken: TokenVerifier,
  account: AccountGuards,
): Router {
  const router = Router();
  // "Turn off auto-renew": cancels the UPI Autopay mandate at PhonePe at once
  router.delete('/api/subscription/autopay', ...account.manage, async (_req, res) => {
    res.json(await autopay.turnOff(res.locals.account.id));
  });
  router.get('/api/admin/mandates', requireAdmin(verifyToken, 'view'), validate('query', adminMandatesQuerySchema), async (req, res) => {
    res.json(await mandateList.list(req.query));
  });
  return router;
}
