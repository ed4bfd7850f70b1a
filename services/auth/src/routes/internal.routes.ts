import { Router } from 'express';
import { requireService, streamJsonLines, validate } from '@portal/platform';
import {
  internalStatsQuery,
  internalUserIdParams,
  internalUserSearchQuery,
  USER_EXPORT_CONTENT_TYPE,
  type InternalStatsAnswer,
  type InternalUserSearchAnswer,
} from '@portal/contracts/internal';
import type { PublicUser } from '@portal/contracts';
import type { directoryUseCases } from '../domain/directory.use-cases';

/** The user directory for the other services; reached only with a service credential. */
export function internalRoutes(directory: ReturnType<typeof directoryUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));

  router.get('/internal/users', validate('query', internalUserSearchQuery), async (req, res) => {
    const answer: InternalUserSearchAnswer = await directory.search(req.query);
    res.json(answer);
  });

  router.get('/internal/users/stats', validate('query', internalStatsQuery), async (req, res) => {
    const answer: InternalStatsAnswer = await directory.stats(req.query.days);
    res.json(answer);
  });

  router.get('/internal/users/export', async (_req, res) => {
    await streamJsonLines(res, USER_EXPORT_CONTENT_TYPE, directory.exportAll());
  });

  router.get('/internal/users/:id', validate('params', internalUserIdParams), async (req, res) => {
    const user: PublicUser = await directory.get(req.params.id);
    res.json({ user });
  });

  router.delete('/internal/users/:id', validate('params', internalUserIdParams), async (req, res) => {
    await directory.delete(req.params.id);
    res.json({ deleted: true });
  });

  return router;
}
