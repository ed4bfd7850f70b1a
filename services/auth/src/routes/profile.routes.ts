import { Router } from 'express';
import { profileUpdateBodySchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import { PROFILE_UPDATED, type profileUseCases } from '../domain/profile.use-cases';

export function profileRoutes(profiles: ReturnType<typeof profileUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.use('/api/auth/profile', requireUser(verifyToken));

  router.get('/api/auth/profile', async (req, res) => {
    res.json({ user: await profiles.get(req.auth!.userId) });
  });

  router.put('/api/auth/profile', validate('body', profileUpdateBodySchema), async (req, res) => {
    res.json({ user: await profiles.update(req.auth!.userId, req.body), message: PROFILE_UPDATED });
  });

  return router;
}
