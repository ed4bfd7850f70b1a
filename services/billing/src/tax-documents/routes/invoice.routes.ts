import { Router } from 'express';
import { z } from 'zod';
import { creditNoteFileName, invoiceFileName, merchantOrderIdSchema } from '@portal/contracts';
import { requireAdmin, validate, type TokenVerifier } from '@portal/platform';
import type { AccountGuards } from '../../shared/routes/billing-account';
import { sendPdf } from '../../shared/routes/send-pdf';
import type { invoiceUseCases } from '../domain/invoice.use-cases';

const invoiceParams = z.object({ merchantOrderId: merchantOrderIdSchema });
const creditNoteParams = z.object({ merchantRefundId: merchantOrderIdSchema });

/** Tax invoices and credit notes as PDFs: the signed-in person's or their firm's, and any for the admin (a customer's timeline). */
export function invoiceRoutes(invoices: ReturnType<typeof invoiceUseCases>, verifyToken: TokenVerifier, account: AccountGuards): Router {
  const router = Router();

  router.get(
    '/api/billing/invoices/:merchantOrderId',
    ...account.readBy('invoices').manage,
    validate('params', invoiceParams),
    async (req, res) => {
      const { number, pdf } = await invoices.pdf(res.locals.account.id, req.params.merchantOrderId);
      sendPdf(res, invoiceFileName(number), pdf);
    },
  );

  router.get(
    '/api/billing/credit-notes/:merchantRefundId',
    ...account.readBy('invoices').manage,
    validate('params', creditNoteParams),
    async (req, res) => {
      const { number, pdf } = await invoices.creditNotePdf(res.locals.account.id, req.params.merchantRefundId);
      sendPdf(res, creditNoteFileName(number), pdf);
    },
  );

  const admin = requireAdmin(verifyToken, 'view');
  router.get('/api/admin/invoices/:merchantOrderId', admin, validate('params', invoiceParams), async (req, res) => {
    const { number, pdf } = await invoices.pdf(null, req.params.merchantOrderId);
    sendPdf(res, invoiceFileName(number), pdf);
  });

  router.get('/api/admin/refunds/:merchantRefundId/credit-note', admin, validate('params', creditNoteParams), async (req, res) => {
    const { number, pdf } = await invoices.creditNotePdf(null, req.params.merchantRefundId);
    sendPdf(res, creditNoteFileName(number), pdf);
  });

  return router;
}
