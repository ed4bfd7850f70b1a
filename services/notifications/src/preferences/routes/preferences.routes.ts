import { Router } from 'express';
import { notificationPreferencesBodySchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { preferencesUseCases } from '../domain/preferences.use-cases';

/** The signed-in person's choice of reminders and product news (Profile → Notifications). */
export function preferencesRoutes(preferences: ReturnType<typeof preferencesUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const user = requireUser(verifyToken);
  router.get('/api/notifications/preferences', user, async (_req, res) => {
    res.json(await preferences.mine(res.locals.auth.userId));
  });
  router.put('/api/notifications/preferences', user, validate('body', notificationPreferencesBodySchema), async (req, res) => {
    res.json(await preferences.choose(res.locals.auth.userId, req.body));
  });
  return router;
}
