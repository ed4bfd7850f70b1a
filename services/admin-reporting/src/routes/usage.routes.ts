import { Router } from 'express';
import { trackUsageBodySchema } from '@portal/contracts';
import { requireUser, validate, type Logger, type TokenVerifier } from '@portal/platform';
import type { UsageStore } from '../domain/ports';

/** Usage tracking never fails the caller: a storage hiccup is logged, and the answer stays 202. */
export function usageRoutes(usage: UsageStore, verifyToken: TokenVerifier, logger: Logger): Router {
  const router = Router();
  router.post('/api/track-usage', requireUser(verifyToken), validate('body', trackUsageBodySchema), async (req, res) => {
    try {
      await usage.add({ userId: req.auth!.userId, action: req.body.action, details: req.body.details ?? {}, at: new Date() });
    } catch (error) {
      logger.warn({ err: error, action: req.body.action }, 'usage event not stored');
    }
    res.status(202).json({ accepted: true });
  });
  return router;
}
