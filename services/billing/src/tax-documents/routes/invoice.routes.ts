import { Router, type Response } from 'express';
import { z } from 'zod';
import { creditNoteFileName, invoiceFileName, merchantOrderIdSchema } from '@portal/contracts';
import { requireUser, validate, type TokenVerifier } from '@portal/platform';
import type { invoiceUseCases } from '../domain/invoice.use-cases';

const invoiceParams = z.object({ merchantOrderId: merchantOrderIdSchema });
const creditNoteParams = z.object({ merchantRefundId: merchantOrderIdSchema });

function sendPdf(res: Response, filename: string, pdf: Buffer) {
  res
    .type('application/pdf')
    .set('Content-Disposition', `attachment; filename="${filename}"`)
    .set('Cache-Control', 'private, no-store')
    .send(pdf);
}

/** The signed-in user's tax invoices and credit notes as PDFs; only their own. */
export function invoiceRoutes(invoices: ReturnType<typeof invoiceUseCases>, verifyToken: TokenVerifier): Router {
  const router = Router();
  router.use(['/api/billing/invoices', '/api/billing/credit-notes'], requireUser(verifyToken));

  router.get('/api/billing/invoices/:merchantOrderId', validate('params', invoiceParams), async (req, res) => {
    const { number, pdf } = await invoices.pdf(req.auth!.userId, String(req.params.merchantOrderId));
    sendPdf(res, invoiceFileName(number), pdf);
  });

  router.get('/api/billing/credit-notes/:merchantRefundId', validate('params', creditNoteParams), async (req, res) => {
    const { number, pdf } = await invoices.creditNotePdf(req.auth!.userId, String(req.params.merchantRefundId));
    sendPdf(res, creditNoteFileName(number), pdf);
  });

  return router;
}
