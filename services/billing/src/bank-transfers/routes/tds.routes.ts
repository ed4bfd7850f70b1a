import express, { Router } from 'express';
import { creditTdsSchema, proformaParamsSchema, rejectTdsSchema, TDS_MESSAGES, tdsQuerySchema } from '@portal/contracts';
import { requireAdmin, streamCsv, validate, type TokenVerifier } from '@portal/platform';
import { badRequest } from '@portal/platform/errors';
import type { AccountGuards } from '../../shared/routes/billing-account';
import { sendPdf } from '../../shared/routes/send-pdf';
import { FORM_16A_MAX_BYTES, type tdsUseCases } from '../domain/tds.use-cases';

const pdfBody = express.raw({ type: () => true, limit: FORM_16A_MAX_BYTES });
const TDS_COLUMNS = ['Quarter', 'Customer', 'E-mail', 'Invoice', 'Pro-forma', 'TDS (₹)', 'State', 'Form 16A due', 'Overdue', 'Certificate'];

/** The TDS buyers deducted: the buyer's Form 16A, and the admin's register, decisions and CSV. */
export function tdsRoutes(tds: ReturnType<typeof tdsUseCases>, verifyToken: TokenVerifier, account: AccountGuards): Router {
  const router = Router();

  router.put(
    '/api/billing/proformas/:reference/form-16a',
    ...account.manage,
    validate('params', proformaParamsSchema),
    (req, _res, next) => pdfBody(req, _res, (error?: unknown) => next(isTooLarge(error) ? badRequest(TDS_MESSAGES.tooLarge) : error)),
    async (req, res) => {
      if (!Buffer.isBuffer(req.body)) throw badRequest(TDS_MESSAGES.notPdf);
      res.json(await tds.upload(res.locals.account.id, req.params.reference, req.body));
    },
  );

  const view = requireAdmin(verifyToken, 'view');
  const record = requireAdmin(verifyToken, 'record-receipts');

  router.get('/api/admin/tds', view, validate('query', tdsQuerySchema), async (req, res) => {
    res.json({ tds: await tds.list(req.query.state) });
  });

  router.get('/api/admin/tds/:reference/form-16a', view, validate('params', proformaParamsSchema), async (req, res) => {
    sendPdf(res, `form-16a-${req.params.reference}.pdf`, await tds.certificate(req.params.reference));
  });

  router.post(
    '/api/admin/tds/:reference/credit',
    record,
    validate('params', proformaParamsSchema),
    validate('body', creditTdsSchema),
    async (req, res) => {
      await tds.credit(req.params.reference, req.body, res.locals.auth.email);
      res.json({ tds: await tds.view(req.params.reference) });
    },
  );

  router.post(
    '/api/admin/tds/:reference/reject',
    record,
    validate('params', proformaParamsSchema),
    validate('body', rejectTdsSchema),
    async (req, res) => {
      await tds.reject(req.params.reference, req.body.reason, res.locals.auth.email);
      res.json({ tds: await tds.view(req.params.reference) });
    },
  );

  router.get('/api/admin/export/tds', requireAdmin(verifyToken, 'export-billing'), async (_req, res) => {
    // by quarter, then by customer: what a CA reconciles against Form 26AS
    const rows = (await tds.list(undefined)).sort((a, b) => a.quarter.localeCompare(b.quarter) || a.customer.localeCompare(b.customer));
    await streamCsv(res, 'tds-receivable.csv', TDS_COLUMNS, rows, (row) => [
      row.quarter,
      row.customer,
      row.customerEmail,
      row.invoiceNumber,
      row.reference,
      { csvNumber: row.amount.toFixed(2) },
      row.state,
      row.certificateDue,
      row.overdue ? 'yes' : 'no',
      row.certificateNumber,
    ]);
  });

  return router;
}

const isTooLarge = (error: unknown) => (error as { type?: string } | undefined)?.type === 'entity.too.large';
