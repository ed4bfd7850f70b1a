import { Router } from 'express';
import { profileUpdateBodySchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import { PROFILE_UPDATED, type profileUseCases } from '../domain/profile.use-cases';

export function profileRoutes(profiles: ReturnType<typeof profileUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.get('/api/auth/profile', user, async (_req, res) => {
    res.json({ user: await profiles.get(res.locals.auth.userId) });
  });

  router.put('/api/auth/profile', user, validate('body', profileUpdateBodySchema), async (req, res) => {
    res.json({ user: await profiles.update(res.locals.auth.userId, req.body), message: PROFILE_UPDATED });
  });

  return router;
}
