import { Router } from 'express';
import { z } from 'zod';
import { adminInvitationAcceptBodySchema, adminInviteBodySchema, adminRoleBodySchema, objectIdSchema } from '@portal/contracts';
import { requireAdmin, tokenAnswer, validate, type TokenVerifier } from '@portal/platform';
import type { adminTeamUseCases } from '../domain/admin-team.use-cases';

const adminParams = z.object({ id: objectIdSchema('Malformed admin id') });

/** The owners' Admins tab, and the invitee's one public call: setting a password from the e-mailed link. */
export function adminTeamRoutes(team: ReturnType<typeof adminTeamUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  const owner = requireAdmin(verifyToken, 'manage-admins');

  router.get('/api/admin/admins', owner, async (_req, res) => {
    res.json(await team.list());
  });

  router.post('/api/admin/admins', owner, validate('body', adminInviteBodySchema), async (req, res) => {
    res.status(201).json(await team.invite(res.locals.auth, req.body.email, req.body.role));
  });

  router.put(
    '/api/admin/admins/:id/role',
    owner,
    validate('params', adminParams),
    validate('body', adminRoleBodySchema),
    async (req, res) => {
      res.json(await team.changeRole(res.locals.auth, req.params.id, req.body.role));
    },
  );

  router.delete('/api/admin/admins/:id/second-factor', owner, validate('params', adminParams), async (req, res) => {
    res.json(await team.resetSecondFactor(res.locals.auth, req.params.id));
  });

  router.delete('/api/admin/admins/:id', owner, validate('params', adminParams), async (req, res) => {
    res.json(await team.remove(res.locals.auth, req.params.id));
  });

  router.post('/api/admin/invitations/accept', tokenAnswer, validate('body', adminInvitationAcceptBodySchema), async (req, res) => {
    res.json(await team.acceptInvitation(req.body.token, req.body.password));
  });

  return router;
}
