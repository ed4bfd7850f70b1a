import { Router } from 'express';
import { z } from 'zod';
import {
  assignPartnerSchema,
  customerParams,
  customerSearchSchema,
  joinPartnerSchema,
  objectIdSchema,
  partnerProformaSchema,
} from '@portal/contracts';
import type { PartnerAccountData } from '@portal/contracts/internal';
import { requireAdmin, requireService, requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { PartnerGuards } from '../../partners';
import type { AttributionUseCases } from '../domain/attribution.use-cases';
import type { customersUseCases } from '../domain/customers.use-cases';

const adminUserParams = z.object({ id: objectIdSchema('Malformed user id') });

/** A customer's own partner; a partner's customers and its pro-formas for them; an admin's assignment. */
export function attributionRoutes(
  { attribution, customers }: { attribution: AttributionUseCases; customers: ReturnType<typeof customersUseCases> },
  verifyToken: TokenVerifier,
  partner: PartnerGuards,
  serviceSecret: string,
): Router {
  const router = Router();
  const user = requireUser(verifyToken);

  router.get('/api/partners/mine', user, async (_req, res) => {
    res.json(await attribution.mine(res.locals.auth.userId));
  });

  router.post('/api/partners/mine', user, validate('body', joinPartnerSchema), async (req, res) => {
    res.status(201).json(await attribution.join(res.locals.auth, req.body.code));
  });

  router.delete('/api/partners/mine', user, async (_req, res) => {
    res.json(await attribution.leave(res.locals.auth));
  });

  router.get('/api/partners/area/customers', ...partner, validate('query', customerSearchSchema), async (req, res) => {
    res.json({ customers: await customers.list(res.locals.partner.id, req.query.q || undefined) });
  });

  router.get('/api/partners/area/customers/:userId', ...partner, validate('params', customerParams), async (req, res) => {
    res.json(await customers.details(res.locals.partner.id, req.params.userId));
  });

  router.post(
    '/api/partners/area/customers/:userId/proformas',
    ...partner,
    validate('params', customerParams),
    validate('body', partnerProformaSchema),
    async (req, res) => {
      const proforma = await customers.raiseProforma(res.locals.partner.id, req.params.userId, req.body, res.locals.auth.email);
      res.status(201).json({ proforma });
    },
  );

  // the person's partner, for admin-reporting's download of their data
  router.get(
    '/internal/users/:userId/account-data',
    requireService(serviceSecret),
    validate('params', customerParams),
    async (req, res) => {
      const answer: PartnerAccountData = await attribution.mine(req.params.userId);
      res.json(answer);
    },
  );

  router.get('/api/admin/users/:id/partner', requireAdmin(verifyToken, 'view'), validate('params', adminUserParams), async (req, res) => {
    res.json(await attribution.mine(req.params.id));
  });

  router.put(
    '/api/admin/users/:id/partner',
    requireAdmin(verifyToken, 'manage-partners'),
    validate('params', adminUserParams),
    validate('body', assignPartnerSchema),
    async (req, res) => {
      res.json(await attribution.assign(req.params.id, req.body.partnerId, req.body.reason, res.locals.auth.email));
    },
  );

  return router;
}
