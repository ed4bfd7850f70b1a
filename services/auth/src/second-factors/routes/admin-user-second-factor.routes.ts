import { Router } from 'express';
import { z } from 'zod';
import { objectIdSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { userSecondFactorUseCases } from '../domain/user-second-factor.use-cases';

const userParams = z.object({ id: objectIdSchema('Malformed user id') });

/** Support resets a practitioner's lost second factor, as it manages the account. */
export function adminUserSecondFactorRoutes(secondFactor: ReturnType<typeof userSecondFactorUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.delete(
    '/api/admin/users/:id/second-factor',
    requireAdmin(verifyToken, 'manage-users'),
    validate('params', userParams),
    async (req, res) => {
      res.json(await secondFactor.resetByAdmin(req.params.id, res.locals.auth));
    },
  );
  return router;
}
