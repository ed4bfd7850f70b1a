import { Router } from 'express';
import { requireUser, type TokenVerifier } from '@portal/platform';
import type { statusUseCases } from '../domain/status.use-cases';

export function subscriptionRoutes(status: ReturnType<typeof statusUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.get('/api/payment/plans', async (_req, res) => {
    res.json(await status.plans());
  });

  router.get('/api/subscription-status', user, async (req, res) => {
    res.json(await status.status(req.auth!.userId, req.auth!.email));
  });

  router.post('/api/start-trial', user, async (req, res) => {
    res.json(await status.startTrial(req.auth!.userId, req.auth!.email));
  });

  return router;
}
