import { Router } from 'express';
import { personParams, type PreferencesRecord } from '@portal/contracts/internal';
import { requireService, validate } from '@portal/platform';
import type { preferencesUseCases } from '../domain/preferences.use-cases';

/** A person's choices with their history, for the copy of their data admin-reporting assembles. */
export function preferencesInternalRoutes(preferences: ReturnType<typeof preferencesUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.get(
    '/internal/users/:userId/preferences',
    requireService(serviceSecret, ['admin-reporting']),
    validate('params', personParams),
    async (req, res) => {
      const answer: PreferencesRecord = await preferences.record(req.params.userId as string);
      res.json(answer);
    },
  );
  return router;
}
