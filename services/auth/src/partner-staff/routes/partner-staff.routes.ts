import { Router } from 'express';
import { internalPartnerStaffBody, internalPartnerStaffParams, type internalPartnerStaffAnswer } from '@portal/contracts/internal';
import { requireService, requireUser, validate, type TokenVerifier } from '@portal/platform';
import { partnerIdParams } from '@portal/contracts';
import type { z } from 'zod';
import type { partnerStaffUseCases } from '../domain/partner-staff.use-cases';

/** A staff member's partner token, and the partners service naming who is on a partner's staff. */
export function partnerStaffRoutes(staff: ReturnType<typeof partnerStaffUseCases>, verifyToken: TokenVerifier, serviceSecret: string) {
  const router = Router();

  router.post('/api/auth/partner/session', requireUser(verifyToken), async (_req, res) => {
    res.json(await staff.session(res.locals.auth));
  });

  const internal = requireService(serviceSecret);
  router.put('/internal/partner-staff', internal, validate('body', internalPartnerStaffBody), async (req, res) => {
    const answer: z.infer<typeof internalPartnerStaffAnswer> = await staff.add(req.body.email, req.body.partnerId);
    res.json(answer);
  });

  router.delete(
    '/internal/partner-staff/:id/:userId',
    internal,
    validate('params', partnerIdParams.merge(internalPartnerStaffParams)),
    async (req, res) => {
      await staff.remove(req.params.userId, req.params.id);
      res.status(204).end();
    },
  );
  return router;
}
