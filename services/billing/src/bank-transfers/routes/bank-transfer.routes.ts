import express, { Router } from 'express';
import {
  applyReceiptSchema,
  BANK_TRANSFER_MESSAGES,
  bankReceiptsQuerySchema,
  proformaFileName,
  proformaParamsSchema,
  receiptParamsSchema,
  recordReceiptSchema,
  requestProformaSchema,
  returnReceiptSchema,
} from '@portal/contracts';
import { internalAccountParams, internalProformaBody } from '@portal/contracts/internal';
import { requireAdmin, requireService, validate, type TokenVerifier } from '@portal/platform';
import { badRequest } from '@portal/platform/errors';
import type { FirmDirectory } from '../../shared/ports';
import { firmAccount, type AccountGuards } from '../../shared/routes/billing-account';
import { sendPdf } from '../../shared/routes/send-pdf';
import type { proformaRequestUseCases } from '../domain/proforma-requests.use-cases';
import type { receiptUseCases } from '../domain/receipt.use-cases';

/** A statement of a month's credits is a few hundred kilobytes; 2,000 rows fit well within this. */
const STATEMENT_LIMIT = '1mb';
const csvBody = express.text({ type: ['text/csv', 'text/plain', 'application/vnd.ms-excel'], limit: STATEMENT_LIMIT });

/** Bank transfers: the buyer's pro-formas, and the finance admin's credits, statements and unapplied receipts. */
export function bankTransferRoutes(
  { proformas, receipts }: { proformas: ReturnType<typeof proformaRequestUseCases>; receipts: ReturnType<typeof receiptUseCases> },
  verifyToken: TokenVerifier,
  account: AccountGuards,
  { firms, serviceSecret }: { firms: FirmDirectory; serviceSecret: string },
): Router {
  const router = Router();

  router.post('/api/billing/proformas', ...account.manage, validate('body', requestProformaSchema), async (req, res) => {
    res.status(201).json({ proforma: await proformas.request(res.locals.account, req.body) });
  });

  router.get('/api/billing/proformas', ...account.manage, async (_req, res) => {
    res.json(await proformas.forAccount(res.locals.account.id));
  });

  router.get('/api/billing/proformas/:reference', ...account.manage, validate('params', proformaParamsSchema), async (req, res) => {
    const { number, pdf } = await proformas.pdf(res.locals.account.id, req.params.reference);
    sendPdf(res, proformaFileName(number), pdf);
  });

  // a partner raises a pro-forma in its customer's name, or their firm's: the plan is theirs, the e-mail goes to them
  router.post(
    '/internal/accounts/:userId/proformas',
    requireService(serviceSecret),
    validate('params', internalAccountParams),
    validate('body', internalProformaBody),
    async (req, res) => {
      const { email, firmId, ...body } = req.body;
      const customer = { userId: req.params.userId, email };
      const account = firmId ? await firmAccount(firms, firmId, customer, 'manage') : { id: customer.userId, email, firm: null };
      res.status(201).json({ proforma: await proformas.request(account, body) });
    },
  );

  const view = requireAdmin(verifyToken, 'view');
  const record = requireAdmin(verifyToken, 'record-receipts');

  router.get('/api/admin/proformas', view, async (_req, res) => {
    res.json({ proformas: await proformas.open() });
  });

  router.get('/api/admin/proformas/:reference', view, validate('params', proformaParamsSchema), async (req, res) => {
    const { number, pdf } = await proformas.pdf(null, req.params.reference);
    sendPdf(res, proformaFileName(number), pdf);
  });

  router.post(
    '/api/admin/proformas/:reference/receipts',
    record,
    validate('params', proformaParamsSchema),
    validate('body', recordReceiptSchema),
    async (req, res) => {
      res.status(201).json(await receipts.record(req.params.reference, req.body, res.locals.auth.email));
    },
  );

  router.post('/api/admin/bank-statements', record, csvBody, async (req, res) => {
    if (typeof req.body !== 'string') {
      throw badRequest(BANK_TRANSFER_MESSAGES.statementNotCsv);
    }
    res.json(await receipts.importStatement(req.body, res.locals.auth.email));
  });

  router.get('/api/admin/bank-receipts', view, validate('query', bankReceiptsQuerySchema), async (req, res) => {
    res.json({ receipts: await receipts.list(req.query.state) });
  });

  router.post(
    '/api/admin/bank-receipts/:utr/apply',
    record,
    validate('params', receiptParamsSchema),
    validate('body', applyReceiptSchema),
    async (req, res) => {
      res.json(await receipts.applyUnapplied(req.params.utr, req.body.reference, res.locals.auth.email));
    },
  );

  router.post(
    '/api/admin/bank-receipts/:utr/return',
    record,
    validate('params', receiptParamsSchema),
    validate('body', returnReceiptSchema),
    async (req, res) => {
      res.json({ receipt: await receipts.returnUnapplied(req.params.utr, req.body.note, res.locals.auth.email) });
    },
  );

  return router;
}
