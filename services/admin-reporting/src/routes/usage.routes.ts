import { Router } from 'express';
import { trackUsageBodySchema } from '@portal/contracts';
import { requireUser, validate, type Logger, type TokenVerifier } from '@portal/platform';
import type { usageUseCases } from '../domain/usage.use-cases';

/** Usage tracking never fails the caller: a storage hiccup is logged, and the answer stays 202. */
export function usageRoutes(usage: ReturnType<typeof usageUseCases>, verifyToken: TokenVerifier, logger: Logger): Router {
  const router = Router();
  router.post('/api/track-usage', requireUser(verifyToken), validate('body', trackUsageBodySchema), async (req, res) => {
    try {
      await usage.track(res.locals.auth.userId, req.body);
    } catch (error) {
      logger.warn({ err: error, action: req.body.action }, 'usage event not stored');
    }
    res.status(202).json({ accepted: true });
  });
  return router;
}
