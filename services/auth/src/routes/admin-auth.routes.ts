import { Router } from 'express';
import { adminLoginBodySchema, adminSignupBodySchema } from '@portal/contracts';
import { requireAdmin, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { adminUseCases } from '../domain/admin.use-cases';
import { clientIp } from './client-ip';

export function adminAuthRoutes(admins: ReturnType<typeof adminUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();

  router.post('/api/admin/login', tokenAnswer, validate('body', adminLoginBodySchema), async (req, res) => {
    res.json(await admins.login(req.body.email, req.body.password, clientIp(req)));
  });

  router.post('/api/admin/signup', tokenAnswer, validate('body', adminSignupBodySchema), async (req, res) => {
    res.status(201).json(await admins.signup(req.body.email, req.body.password));
  });

  router.post('/api/admin/logout', requireAdmin(verifyToken), async (req, res) => {
    await admins.logout(res.locals.auth);
    res.json({ message: 'You have been signed out.' });
  });

  return router;
}
