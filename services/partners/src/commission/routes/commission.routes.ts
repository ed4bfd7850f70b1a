import { Router, type Response } from 'express';
import { ownStatementParams, partnerIdParams, PARTNER_MESSAGES, recordPayoutSchema, statementParams } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { PartnerGuards } from '../../partners';
import type { ledgerUseCases } from '../domain/ledger.use-cases';
import type { statementUseCases } from '../domain/statements.use-cases';

interface CommissionCases {
  ledger: ReturnType<typeof ledgerUseCases>;
  statements: ReturnType<typeof statementUseCases>;
}

/** The ledger and statements, a partner's own and any for the admins, and the payouts finance records. */
export function commissionRoutes({ ledger, statements }: CommissionCases, verifyToken: TokenVerifier, partner: PartnerGuards): Router {
  const router = Router();
  const view = requireAdmin(verifyToken, 'view');

  const sendStatement = async (res: Response, partnerId: string, month: string, format: 'csv' | 'pdf') => {
    const { filename, type, body } = await statements.document(partnerId, month, format);
    res.set('Content-Disposition', `attachment; filename="${filename}"`).set('Cache-Control', 'private, no-store').type(type).send(body);
  };

  router.get('/api/partners/area/ledger', ...partner, async (_req, res) => {
    res.json({ lines: await ledger.lines(res.locals.partner.id) });
  });

  router.get('/api/partners/area/statements', ...partner, async (_req, res) => {
    res.json({ statements: await statements.list(res.locals.partner.id) });
  });

  router.get('/api/partners/area/statements/:month/:format', ...partner, validate('params', ownStatementParams), async (req, res) => {
    await sendStatement(res, res.locals.partner.id, req.params.month, req.params.format);
  });

  router.get('/api/admin/partners/:id/ledger', view, validate('params', partnerIdParams), async (req, res) => {
    res.json({ lines: await ledger.lines(req.params.id) });
  });

  router.get('/api/admin/partners/:id/statements', view, validate('params', partnerIdParams), async (req, res) => {
    res.json({ statements: await statements.list(req.params.id) });
  });

  router.get(
    '/api/admin/partners/:id/statements/:month/:format',
    view,
    validate('params', statementParams.extend({ format: ownStatementParams.shape.format })),
    async (req, res) => {
      await sendStatement(res, req.params.id, req.params.month, req.params.format);
    },
  );

  router.post(
    '/api/admin/partners/:id/statements/:month/payout',
    requireAdmin(verifyToken, 'pay-partners'),
    validate('params', statementParams),
    validate('body', recordPayoutSchema),
    async (req, res) => {
      const statement = await statements.recordPayout(req.params.id, req.params.month, req.body, res.locals.auth.email);
      res.json({ statement, message: PARTNER_MESSAGES.payoutRecorded });
    },
  );

  return router;
}
