import { Router } from 'express';
import { z } from 'zod';
import { createApiKeySchema, type CreateApiKeyRequest } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { apiKeyUseCases } from '../domain/api-keys.use-cases';

const keyParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, 'No such API key') });

/** A person's own keys, with their token: a key cannot make or revoke keys. */
export function apiKeyRoutes(keys: ReturnType<typeof apiKeyUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const user = requireUser(verifyToken);
  router.get('/api/auth/api-keys', user, async (_req, res) => {
    res.json({ keys: await keys.list(res.locals.auth.userId) });
  });
  router.post('/api/auth/api-keys', user, validate('body', createApiKeySchema), async (req, res) => {
    const { userId, email } = res.locals.auth;
    res.status(201).json(await keys.create({ userId, email }, req.body as CreateApiKeyRequest));
  });
  router.delete('/api/auth/api-keys/:id', user, validate('params', keyParams), async (req, res) => {
    const { userId, email } = res.locals.auth;
    await keys.revoke({ userId, email }, req.params.id as string);
    res.status(204).end();
  });
  return router;
}
