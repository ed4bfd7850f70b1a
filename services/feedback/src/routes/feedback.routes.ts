import { Router } from 'express';
import { feedbackBodySchema } from '@portal/contracts';
import { requireDesktop, requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { feedbackUseCases } from '../domain/feedback.use-cases';

/** The desktop app submits with the user's token or its own; the user can read back their own. */
export function feedbackRoutes(feedback: ReturnType<typeof feedbackUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.post('/api/feedback', user, validate('body', feedbackBodySchema), async (req, res) => {
    res.status(201).json({ feedback: await feedback.submit({ userId: res.locals.auth.userId, email: res.locals.auth.email }, req.body) });
  });

  // The same, with the desktop app's own token (the device grant's), which user paths refuse.
  router.post('/api/feedback/desktop', requireDesktop(verifyToken), validate('body', feedbackBodySchema), async (req, res) => {
    res.status(201).json({ feedback: await feedback.submit({ userId: res.locals.auth.userId, email: res.locals.auth.email }, req.body) });
  });

  router.get('/api/feedback/mine', user, async (req, res) => {
    res.json({ feedback: await feedback.mine(res.locals.auth.userId) });
  });

  return router;
}
