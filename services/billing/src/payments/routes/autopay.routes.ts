import { Router } from 'express';
import { requireUser, type TokenVerifier } from '@portal/platform';
import type { autopayUseCases } from '../domain/autopay.use-cases';

export function autopayRoutes(autopay: ReturnType<typeof autopayUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  // "Turn off auto-renew": cancels the UPI Autopay mandate at PhonePe at once
  router.delete('/api/subscription/autopay', requireUser(verifyToken), async (req, res) => {
    res.json(await autopay.turnOff(req.auth!.userId));
  });
  return router;
}
