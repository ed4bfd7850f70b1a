import { Router } from 'express';
import { z } from 'zod';
import { adminPasskeyAddBodySchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { adminPasskeysUseCases } from '../domain/admin-passkeys.use-cases';

const passkeyParams = z.object({ credentialId: z.string().regex(/^[A-Za-z0-9_-]{1,1366}$/, 'Malformed passkey id') });

/** A signed-in admin's own passkeys, whatever the role. */
export function adminPasskeysRoutes(passkeys: ReturnType<typeof adminPasskeysUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const self = requireAdmin(verifyToken, 'own-sign-in');

  router.get('/api/admin/passkeys', self, async (_req, res) => {
    res.json(await passkeys.list(res.locals.auth));
  });

  router.post('/api/admin/passkeys/options', self, async (_req, res) => {
    res.json(await passkeys.startRegistration(res.locals.auth));
  });

  router.post('/api/admin/passkeys', self, validate('body', adminPasskeyAddBodySchema), async (req, res) => {
    res.status(201).json(await passkeys.finishRegistration(res.locals.auth, req.body.response, req.body.name));
  });

  router.delete('/api/admin/passkeys/:credentialId', self, validate('params', passkeyParams), async (req, res) => {
    res.json(await passkeys.remove(res.locals.auth, req.params.credentialId));
  });

  return router;
}
