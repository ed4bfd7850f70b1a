import { Router } from 'express';
import {
  acceptInvitationBodySchema,
  changeRoleBodySchema,
  createFirmBodySchema,
  FIRM_MESSAGES,
  firmInvitationParamsSchema,
  firmMemberParamsSchema,
  firmParamsSchema,
  firmSecondFactorBodySchema,
  invitationTokenParamsSchema,
  inviteBodySchema,
  renameFirmBodySchema,
  transferOwnershipBodySchema,
} from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { firmInvitationUseCases } from '../domain/firm-invitation.use-cases';
import type { firmUseCases } from '../domain/firm.use-cases';

/** /api/firms/* for a firm's people, and /api/firm-invitations/:token for the invitation page. */
export function firmRoutes(
  firms: ReturnType<typeof firmUseCases>,
  invitations: ReturnType<typeof firmInvitationUseCases>,
  verifyToken: TokenVerifier,
): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.get('/api/firm-invitations/:token', validate('params', invitationTokenParamsSchema), async (req, res) => {
    res.json({ invitation: await invitations.preview(req.params.token) });
  });

  router.post('/api/firms/invitations/accept', user, validate('body', acceptInvitationBodySchema), async (req, res) => {
    res.json(await invitations.accept(res.locals.auth.userId, req.body.token));
  });

  router.get('/api/firms', user, async (_req, res) => {
    res.json({ firms: await firms.listMine(res.locals.auth.userId) });
  });

  router.post('/api/firms', user, validate('body', createFirmBodySchema), async (req, res) => {
    res.status(201).json({ firm: await firms.create(res.locals.auth.userId, req.body.name), message: FIRM_MESSAGES.created });
  });

  router.get('/api/firms/:firmId', user, validate('params', firmParamsSchema), async (req, res) => {
    res.json({ firm: await firms.details(req.params.firmId, res.locals.auth.userId) });
  });

  router.put('/api/firms/:firmId', user, validate('params', firmParamsSchema), validate('body', renameFirmBodySchema), async (req, res) => {
    res.json({ message: await firms.rename(req.params.firmId, res.locals.auth.userId, req.body.name) });
  });

  router.put(
    '/api/firms/:firmId/second-factor',
    user,
    validate('params', firmParamsSchema),
    validate('body', firmSecondFactorBodySchema),
    async (req, res) => {
      res.json({ message: await firms.setSecondFactorRule(req.params.firmId, res.locals.auth.userId, req.body.required) });
    },
  );

  router.delete('/api/firms/:firmId', user, validate('params', firmParamsSchema), async (req, res) => {
    res.json({ message: await firms.delete(req.params.firmId, res.locals.auth.userId) });
  });

  router.post(
    '/api/firms/:firmId/invitations',
    user,
    validate('params', firmParamsSchema),
    validate('body', inviteBodySchema),
    async (req, res) => {
      res.status(201).json({ message: await invitations.invite(req.params.firmId, res.locals.auth.userId, req.body) });
    },
  );

  router.delete('/api/firms/:firmId/invitations/:invitationId', user, validate('params', firmInvitationParamsSchema), async (req, res) => {
    res.json({ message: await invitations.revoke(req.params.firmId, res.locals.auth.userId, req.params.invitationId) });
  });

  router.delete('/api/firms/:firmId/members/:userId', user, validate('params', firmMemberParamsSchema), async (req, res) => {
    res.json({ message: await firms.removeMember(req.params.firmId, res.locals.auth.userId, req.params.userId) });
  });

  router.put(
    '/api/firms/:firmId/members/:userId',
    user,
    validate('params', firmMemberParamsSchema),
    validate('body', changeRoleBodySchema),
    async (req, res) => {
      res.json({ message: await firms.changeRole(req.params.firmId, res.locals.auth.userId, req.params.userId, req.body.role) });
    },
  );

  router.post(
    '/api/firms/:firmId/transfer',
    user,
    validate('params', firmParamsSchema),
    validate('body', transferOwnershipBodySchema),
    async (req, res) => {
      res.json({ message: await firms.transferOwnership(req.params.firmId, res.locals.auth.userId, req.body.userId) });
    },
  );

  return router;
}
