import { Router } from 'express';
import { z } from 'zod';
import { requireService, validate } from '@portal/platform';
import { objectIdSchema } from '@portal/contracts';
import type { directoryUseCases } from '../domain/directory.use-cases';

const idParams = z.object({ id: objectIdSchema('Malformed user id') });
const searchQuery = z.object({
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
const lookupBody = z.object({ ids: z.array(z.string().max(64)).max(1000) });
const exportQuery = z.object({
  after: objectIdSchema('Malformed cursor').optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
const statsQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(90) });

/** The user directory for the other services; reached only with a service credential. */
export function internalRoutes(directory: ReturnType<typeof directoryUseCases>, serviceSecret: string): Router {
  const router = Router();
  router.use('/internal', requireService(serviceSecret));

  router.get('/internal/users', validate('query', searchQuery), async (req, res) => {
    res.json(await directory.search(req.query as unknown as z.infer<typeof searchQuery>));
  });

  router.get('/internal/users/stats', validate('query', statsQuery), async (req, res) => {
    res.json(await directory.stats((req.query as unknown as z.infer<typeof statsQuery>).days));
  });

  router.get('/internal/users/export', validate('query', exportQuery), async (req, res) => {
    const { after, limit } = req.query as unknown as z.infer<typeof exportQuery>;
    res.json(await directory.exportPage(after, limit));
  });

  router.post('/internal/users/lookup', validate('body', lookupBody), async (req, res) => {
    res.json({ users: await directory.getMany(req.body.ids) });
  });

  router.get('/internal/users/:id', validate('params', idParams), async (req, res) => {
    res.json({ user: await directory.get(req.params.id as string) });
  });

  router.delete('/internal/users/:id', validate('params', idParams), async (req, res) => {
    await directory.delete(req.params.id as string);
    res.json({ deleted: true });
  });

  return router;
}
