import { Router } from 'express';
import {
  createPartnerSchema,
  PARTNER_MESSAGES,
  partnerIdParams,
  partnerStaffParams,
  partnerStaffSchema,
  tierParams,
  tierRatesSchema,
  updatePartnerSchema,
} from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import { partnerView } from '../domain/partner-view';
import type { PartnersUseCases } from '../domain/partners.use-cases';
import type { PartnerGuards } from './partner-guard';

/** The admins' partners (their details, tiers, staff and rates) and a staff member's own partner. */
export function partnersRoutes(partners: PartnersUseCases, verifyToken: TokenVerifier, partner: PartnerGuards, publicUrl: string): Router {
  const router = Router();
  const view = requireAdmin(verifyToken, 'view');
  const manage = requireAdmin(verifyToken, 'manage-partners');

  router.get('/api/partners/area/me', ...partner, async (_req, res) => {
    const own = res.locals.partner;
    res.json({ partner: partnerView(own), link: `${publicUrl}/signup?partner=${own.code}`, rates: (await partners.rates())[own.tier] });
  });

  router.get('/api/admin/partners', view, async (_req, res) => {
    res.json({ partners: await partners.list(), rates: await partners.rates() });
  });

  router.post('/api/admin/partners', manage, validate('body', createPartnerSchema), async (req, res) => {
    const created = await partners.create(req.body, res.locals.auth.email);
    res.status(201).json({ partner: created, message: PARTNER_MESSAGES.created(created.legalName) });
  });

  router.get('/api/admin/partners/:id', view, validate('params', partnerIdParams), async (req, res) => {
    res.json({ partner: await partners.view(req.params.id) });
  });

  router.patch(
    '/api/admin/partners/:id',
    manage,
    validate('params', partnerIdParams),
    validate('body', updatePartnerSchema),
    async (req, res) => {
      res.json({ partner: await partners.update(req.params.id, req.body, res.locals.auth.email), message: PARTNER_MESSAGES.updated });
    },
  );

  router.post(
    '/api/admin/partners/:id/staff',
    manage,
    validate('params', partnerIdParams),
    validate('body', partnerStaffSchema),
    async (req, res) => {
      const updated = await partners.addStaff(req.params.id, req.body.email, res.locals.auth.email);
      res.status(201).json({ partner: updated, message: PARTNER_MESSAGES.staffAdded(req.body.email) });
    },
  );

  router.delete('/api/admin/partners/:id/staff/:userId', manage, validate('params', partnerStaffParams), async (req, res) => {
    res.json({
      partner: await partners.removeStaff(req.params.id, req.params.userId, res.locals.auth.email),
      message: PARTNER_MESSAGES.staffRemoved,
    });
  });

  router.put(
    '/api/admin/partner-tiers/:tier',
    manage,
    validate('params', tierParams),
    validate('body', tierRatesSchema),
    async (req, res) => {
      res.json({ rates: await partners.setRates(req.params.tier, req.body, res.locals.auth.email), message: PARTNER_MESSAGES.ratesSaved });
    },
  );

  return router;
}
