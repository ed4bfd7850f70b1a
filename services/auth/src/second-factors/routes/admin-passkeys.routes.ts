import { Router } from 'express';
import { passkeyAddBodySchema, passkeyParamsSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { passkeysUseCases } from '../domain/passkeys.use-cases';

/** A signed-in admin's own passkeys, whatever the role. */
export function adminPasskeysRoutes(passkeys: ReturnType<typeof passkeysUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const self = requireAdmin(verifyToken, 'own-sign-in');

  router.get('/api/admin/passkeys', self, async (_req, res) => {
    res.json(await passkeys.list(res.locals.auth));
  });

  router.post('/api/admin/passkeys/options', self, async (_req, res) => {
    res.json(await passkeys.startRegistration(res.locals.auth));
  });

  router.post('/api/admin/passkeys', self, validate('body', passkeyAddBodySchema), async (req, res) => {
    res.status(201).json(await passkeys.finishRegistration(res.locals.auth, req.body.response, req.body.name));
  });

  router.delete('/api/admin/passkeys/:credentialId', self, validate('params', passkeyParamsSchema), async (req, res) => {
    res.json(await passkeys.remove(res.locals.auth, req.params.credentialId));
  });

  return router;
}
